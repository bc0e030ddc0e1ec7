import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { periodicProgress, terminalProgress } from "../../../src/cli/batch/progress-reporter.js";
import { resultOf } from "../../../src/remote/batch/batch-outcome.js";
import type { BatchProgress } from "../../../src/remote/batch/batch-progress.js";
import {
  appendResult,
  batchResultSchema,
  readResults,
} from "../../../src/remote/batch/batch-result.js";
import { parseTasksFile } from "../../../src/remote/batch/batch-task.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stream that keeps what is written to it. */
function sink() {
  let text = "";
  return {
    stream: {
      write: (chunk: string) => {
        text += chunk;
        return true;
      },
    } as unknown as NodeJS.WritableStream,
    text: () => text,
  };
}

const progress = (completed: number): BatchProgress => ({
  total: 10,
  completed,
  failed: 1,
  running: 2,
  queued: 3,
  waiting: 0,
  costUsd: 0.25,
  perMinute: 12,
  etaMs: 65_000,
});

describe("the tasks file", () => {
  it("names the line of every bad task and every repeated id, and holds back the whole file", () => {
    const text = [
      '{"id": "a", "prompt": "p", "repository": "r"}',
      "",
      "{not json",
      '{"id": "b", "repository": "r"}',
      '{"id": "a", "prompt": "p", "repository": "r"}',
      '{"id": "c", "prompt": "p", "repository": "r", "settings": {"permissionMode": "yolo"}}',
      '{"id": "d", "prompt": "p", "repository": "r", "promt": "typo"}',
    ].join("\n");
    const parsed = parseTasksFile(text);
    expect(parsed.kind).toBe("invalid");
    const problems = parsed.kind === "invalid" ? parsed.problems : [];
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^line 3: not JSON/);
    expect(problems[1]).toMatch(/^line 4: prompt: /);
    expect(problems[2]).toBe('line 5: id "a" is already used on line 1');
    expect(problems[3]).toMatch(/^line 6: settings\.permissionMode: /);
    expect(problems[4]).toMatch(/^line 7: .*promt/);
  });

  it("fills in the defaults of a good file", () => {
    const parsed = parseTasksFile('{"id": "a", "prompt": "p", "repository": "r"}\n');
    expect(parsed).toEqual({
      kind: "tasks",
      tasks: [{ id: "a", prompt: "p", repository: "r", ref: "HEAD", settings: {} }],
    });
    expect(parseTasksFile("\n\n")).toEqual({
      kind: "invalid",
      problems: ["the file holds no tasks"],
    });
  });
});

describe("results.jsonl", () => {
  it("drops a line a crash cut off, and refuses a line that is not a result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "keel-results-"));
    dirs.push(dir);
    const path = join(dir, "results.jsonl");
    const ended = { kind: "ended" as const, startedAt: 1000, endedAt: 1500, worker: "w:1" };
    const completed = resultOf("a", "r0000000001", {
      ...ended,
      returnValue: {
        taskId: "r0000000001",
        status: "completed",
        worker: "w:1",
        pushed: false,
        patch: "diff --git a/x b/x\n",
        resultText: "Done.",
        costUsd: 0.01,
        turns: 3,
      },
    });
    expect(completed).toEqual({
      id: "a",
      task_id: "r0000000001",
      status: "completed",
      turns: 3,
      cost_usd: 0.01,
      duration_ms: 500,
      worker: "w:1",
      patch: "diff --git a/x b/x\n",
      result: "Done.",
    });
    const refused = resultOf("b", "r0000000002", { ...ended, failedReason: "refused: too much" });
    expect(refused).toMatchObject({ status: "failed", turns: null, error: "refused: too much" });
    await appendResult(path, completed);
    await appendResult(path, refused);
    writeFileSync(path, `${readFileSync(path, "utf8")}{"id": "c", "task_`);
    const read = await readResults(path);
    expect([...read.results.keys()]).toEqual(["a", "b"]);
    expect(read.problems).toEqual([]);
    expect(readFileSync(path, "utf8").split("\n")).toHaveLength(3); // two lines, the cut-off one gone
    writeFileSync(path, `${readFileSync(path, "utf8")}{"id": "x"}\n`);
    expect((await readResults(path)).problems).toEqual([`${path} line 3 is not a batch result`]);
  });

  it("is documented field by field in docs/batch.md", () => {
    const doc = readFileSync(new URL("../../../docs/batch.md", import.meta.url), "utf8");
    const table = doc.slice(doc.indexOf("## results.jsonl"), doc.indexOf("## Stopping"));
    const documented = [...table.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1]);
    expect(documented).toEqual(Object.keys(batchResultSchema.shape));
  });
});

describe("progress", () => {
  it("off a terminal writes a line at most every interval, and the last state at the end", () => {
    let now = 0;
    const out = sink();
    const reporter = periodicProgress(out.stream, () => now, 5000);
    reporter.update(progress(1));
    now = 1000;
    reporter.update(progress(2));
    now = 5000;
    reporter.update(progress(3));
    now = 6000;
    reporter.update(progress(4));
    reporter.finish();
    const line = (n: number) =>
      `keel batch: ${n + 1}/10 done · 1 failed · 2 running · 3 queued · $0.2500 · 12.0/min · ETA 1m05s`;
    expect(out.text()).toBe(`${line(1)}\n${line(3)}\n${line(4)}\n`);
  });

  it("on a terminal redraws one line in place", () => {
    let now = 0;
    const out = sink();
    const reporter = terminalProgress(out.stream, () => now, 200);
    reporter.update(progress(1));
    now = 100;
    reporter.update(progress(2));
    now = 300;
    reporter.update({ ...progress(3), waiting: 4, etaMs: undefined });
    reporter.finish();
    const drawn = out.text().split("\r\x1b[2K");
    expect(drawn.slice(1).map((text) => text.replace(/ · \$.*/s, ""))).toEqual([
      "keel batch: 2/10 done · 1 failed · 2 running · 3 queued",
      "keel batch: 4/10 done · 1 failed · 2 running · 3 queued · 4 not submitted",
      "keel batch: 4/10 done · 1 failed · 2 running · 3 queued · 4 not submitted",
    ]);
    expect(out.text()).toMatch(/ETA -\n$/);
  });
});
