import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../../src/model/scripted/server.js";
import { BatchClient } from "../../../src/remote/batch/batch-client.js";
import { batchResultSchema } from "../../../src/remote/batch/batch-result.js";
import { parseTasksFile } from "../../../src/remote/batch/batch-task.js";
import { planTasks } from "../../../src/remote/batch/plan.js";
import { runBatch } from "../../../src/remote/batch/run-batch.js";
import { startRedis, type TestRedis } from "../../helpers/redis-server.js";
import { KEEL_BIN, KEEL_NODE_ARGS } from "../../helpers/run-keel.js";
import { anthropicEnv } from "../../helpers/scripted.js";
import { stopProcess } from "../../helpers/stop-process.js";
import { originAndClone } from "../origin-repo.js";

const TASKS = 200;
const WORKER_CHILD = fileURLToPath(new URL("./worker-child.mjs", import.meta.url));
/** A hash-tagged queue name, as on Redis Cluster: every key of the queue lands in one slot. */
const QUEUE = "{batch}";
const ids = Array.from({ length: TASKS }, (_, i) => `task-${String(i + 1).padStart(3, "0")}`);

let root: string;
let redis: TestRedis;
let server: ScriptedServer;
let workers: ChildProcess[] = [];

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
    [...KEEL_NODE_ARGS, "batch", "tasks.jsonl", "--window", "60", "--queue", QUEUE],
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

/** The first `n` tasks of the batch, as parsed from the tasks file. */
function parsedTasks(n: number) {
  const parsed = parseTasksFile(readFileSync(join(root, "tasks.jsonl"), "utf8"));
  if (parsed.kind !== "tasks") throw new Error(parsed.problems.join("\n"));
  return parsed.tasks.slice(0, n);
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
  // Two workers of 50, each a process of its own (from the same build as the CLI under test):
  // together they use both CPUs.
  workers = ["ws1", "ws2"].map((workspace) =>
    spawn(
      process.execPath,
      [
        WORKER_CHILD,
        join(dirname(KEEL_BIN), "index.mjs"),
        redis.url,
        QUEUE,
        join(root, workspace),
        "50",
      ],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: root,
          KEEL_CONFIG_DIR: join(root, ".keel-worker"),
          ...anthropicEnv(server),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    ),
  );
  await Promise.all(workers.map((worker) => once(worker.stdout!, "data")));
});

afterAll(async () => {
  await Promise.all(workers.map(stopProcess));
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
    const client = new Redis(redis.url);
    const keys = await client.keys("*").finally(() => client.disconnect());
    expect(keys.length).toBeGreaterThan(TASKS);
    expect(keys.filter((key) => !key.includes(QUEUE))).toEqual([]);

    // Off a terminal, progress is a line now and then, never a redrawn one.
    const progress = second.stderr.split("\n").filter((line) => line.includes(" done · "));
    expect(progress.length).toBeGreaterThan(1);
    for (const line of progress) expect(line).toMatch(PROGRESS);
    const done = progress.map((line) => Number(PROGRESS.exec(line)?.[1]));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(TASKS);
    expect(second.stderr).not.toContain("\r");
  }, 120_000);

  it("a second Ctrl+C cancels the tasks in flight: queued ones leave the queue, and a re-run submits them again", async () => {
    const queue = "{no-workers}"; // nobody takes these: they stay queued until cancelled
    const client = new BatchClient(redis.url, queue);
    const tasks = planTasks(
      parsedTasks(3),
      new Map(ids.slice(0, 3).map((id) => [id, { url: "/nowhere.git", commit: "a".repeat(40) }])),
      "cancel-test",
    );
    const stop = new AbortController();
    const cancel = new AbortController();
    const recorded: string[] = [];
    const options = {
      client,
      tasks,
      earlier: new Map(),
      record: async (result: { id: string }) => void recorded.push(result.id),
      window: 10,
      pollMs: 20,
      stop: stop.signal,
      cancel: cancel.signal,
      cancelWaitMs: 5000,
      now: Date.now,
    };
    try {
      const run = runBatch({
        ...options,
        onProgress: (p) => {
          if (p.queued === 3 && !stop.signal.aborted) {
            stop.abort();
            cancel.abort();
          }
        },
      });
      expect(await run).toEqual({ kind: "cancelled", cancelled: 3, notSubmitted: 0 });
      expect(recorded).toEqual([]);
      const left = await client.standings(tasks.map((t) => t.taskId));
      expect([...left.values()].map((s) => s.kind)).toEqual(["absent", "absent", "absent"]);
      // Going on: the cancelled tasks are submitted again (and queued once more).
      const again = { stop: new AbortController(), cancel: new AbortController() };
      let queuedAgain = 0;
      const rerun = runBatch({
        ...options,
        stop: again.stop.signal,
        cancel: again.cancel.signal,
        onProgress: (p) => {
          queuedAgain = Math.max(queuedAgain, p.queued);
          if (p.queued === 3) {
            again.stop.abort();
            again.cancel.abort();
          }
        },
      });
      expect(await rerun).toEqual({ kind: "cancelled", cancelled: 3, notSubmitted: 0 });
      expect(queuedAgain).toBe(3);
    } finally {
      await client.close();
    }
  }, 30_000);

  it("keel batch: Ctrl+C, then Ctrl+C again, cancels what was submitted", async () => {
    // A queue no worker takes from: the three tasks stay queued until cancelled.
    const tasks = ids.slice(0, 3).map((id) => ({ id, prompt: "p", repository: "origin.git" }));
    writeFileSync(join(root, "three.jsonl"), tasks.map((t) => JSON.stringify(t)).join("\n"));
    const child = spawn(
      process.execPath,
      [...KEEL_NODE_ARGS, "batch", "three.jsonl", "-o", "three-results.jsonl", "--queue", "{none}"],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: root,
          KEEL_CONFIG_DIR: join(root, ".keel-batch"),
          KEEL_REDIS_URL: redis.url,
          KEEL_BATCH_POLL_MS: "50",
          KEEL_BATCH_PROGRESS_MS: "50",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    let interrupts = 0;
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (interrupts === 0 && stderr.includes("3 queued")) {
        interrupts = 1;
        child.kill("SIGINT");
      } else if (interrupts === 1 && stderr.includes("submitting no more")) {
        interrupts = 2;
        child.kill("SIGINT");
      }
    });
    const [code] = (await once(child, "close")) as [number | null];
    expect(stderr).toContain("keel batch: cancelled 3 tasks in flight (0 not submitted)");
    expect(code).toBe(130);
    expect(existsSync(join(root, "three-results.jsonl"))).toBe(false);
  }, 30_000);
});
