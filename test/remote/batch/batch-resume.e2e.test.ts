import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../../../src/cli/batch/start-worker.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../../src/model/scripted/server.js";
import { batchResultSchema } from "../../../src/remote/batch/batch-result.js";
import type { RunningWorker } from "../../../src/remote/remote-worker.js";
import { startRedis, type TestRedis } from "../../helpers/redis-server.js";
import { KEEL_NODE_ARGS } from "../../helpers/run-keel.js";
import { anthropicEnv } from "../../helpers/scripted.js";
import { originAndClone } from "../origin-repo.js";

const TASKS = 200;
const ids = Array.from({ length: TASKS }, (_, i) => `task-${String(i + 1).padStart(3, "0")}`);

let root: string;
let redis: TestRedis;
let server: ScriptedServer;
let worker: RunningWorker;

/** A progress line when stderr is not a terminal. */
const PROGRESS =
  /^keel batch: (\d+)\/200 done · \d+ failed · \d+ running · \d+ queued( · \d+ not submitted)? · \$\d+\.\d{4} · \d+\.\d\/min · ETA (-|\d+s|\d+m\d\ds)$/;

interface BatchRun {
  code: number | null;
  stderr: string;
}

/** Runs the real `keel batch`; `interruptWhen` sees stderr and the results so far, may SIGINT. */
async function keelBatch(interruptWhen?: (results: number) => boolean): Promise<BatchRun> {
  const child = spawn(
    process.execPath,
    [...KEEL_NODE_ARGS, "batch", "tasks.jsonl", "--window", "60"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: root,
        KEEL_CONFIG_DIR: join(root, ".keel-batch"),
        KEEL_REDIS_URL: redis.url,
        KEEL_BATCH_POLL_MS: "50",
        KEEL_BATCH_PROGRESS_MS: "150",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  let interrupted = false;
  const watch = setInterval(() => {
    if (interrupted || !interruptWhen) return;
    if (interruptWhen(resultLines().length)) {
      interrupted = true;
      child.kill("SIGINT");
    }
  }, 20);
  const [code] = (await once(child, "close")) as [number | null];
  clearInterval(watch);
  return { code, stderr };
}

function resultLines(): string[] {
  const path = join(root, "results.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8").split("\n").filter(Boolean);
}

/** Sessions the scripted model started (first turns served). */
const sessionsRun = () => server.requests.filter((r) => r.answer === "turn" && r.turn === 1).length;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-batch-"));
  originAndClone(root, { "README.md": "# project\n" });
  const lines = ids.map((id) =>
    JSON.stringify({
      id,
      prompt: `Write the answer for ${id}`,
      repository: "origin.git", // relative to the tasks file
      ref: "main",
      settings: { deliver: "patch", permissionMode: "acceptEdits" },
    }),
  );
  writeFileSync(join(root, "tasks.jsonl"), `${lines.join("\n")}\n`);
  redis = await startRedis();
  server = await startScriptedServer({
    scenario: parseScenario(
      {
        name: "batch",
        latencyMs: 20,
        turns: [{ content: "Nothing to change." }],
      },
      "batch scenario",
    ),
  });
  worker = await startWorker({
    redisUrl: redis.url,
    workspace: join(root, "ws"),
    concurrency: 100,
    sessions: "in-process",
    stderr: new PassThrough().resume(),
    ceiling: { mode: "acceptEdits", allowedTools: [], disallowedTools: [] },
    env: {
      PATH: process.env.PATH ?? "",
      HOME: root,
      KEEL_CONFIG_DIR: join(root, ".keel-worker"),
      ...anthropicEnv(server),
    },
  });
});

afterAll(async () => {
  await worker?.close(1000);
  await redis?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("keel batch", () => {
  it("stops submitting at Ctrl+C, and a re-run runs only the unfinished tasks, each result written once", async () => {
    const first = await keelBatch((results) => results >= 40);
    expect(first.stderr).toContain("submitting no more; waiting for the tasks in flight");
    expect(first.stderr).toMatch(/stopped: \d+ tasks were not submitted; run keel batch again/);
    expect(first.code).toBe(130);
    const afterFirst = resultLines().length;
    expect(afterFirst).toBeGreaterThanOrEqual(40);
    expect(afterFirst).toBeLessThan(TASKS);
    // Every submitted task finished before keel batch left: each one ran exactly once.
    expect(sessionsRun()).toBe(afterFirst);

    const second = await keelBatch();
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`keel batch: ${TASKS} tasks (${afterFirst} already done)`);
    expect(second.stderr).toContain("every task has ended; results in results.jsonl");
    const results = resultLines().map((line) => batchResultSchema.parse(JSON.parse(line)));
    expect(results.map((r) => r.id).sort()).toEqual(ids);
    expect(sessionsRun()).toBe(TASKS);
    for (const result of results) {
      expect(result).toMatchObject({ status: "completed", turns: 1, patch: "" });
      expect(result.result).toBe("Nothing to change.");
    }
    expect(server.violations).toEqual([]);

    // Off a terminal, progress is a line now and then, never a redrawn one.
    const progress = second.stderr.split("\n").filter((line) => line.includes(" done · "));
    expect(progress.length).toBeGreaterThan(1);
    for (const line of progress) expect(line).toMatch(PROGRESS);
    const done = progress.map((line) => Number(PROGRESS.exec(line)?.[1]));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(TASKS);
    expect(second.stderr).not.toContain("\r");
  }, 120_000);
});
