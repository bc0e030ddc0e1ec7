import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../src/model/scripted/server.js";
import { remoteResultSchema } from "../../src/remote/remote-task.js";
import { startRedis, type TestRedis } from "../helpers/redis-server.js";
import { KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv } from "../helpers/scripted.js";
import { git, originAndClone } from "./origin-repo.js";

const QUEUE = "keel-remote";

let root: string;
let redis: TestRedis;
let server: ScriptedServer;
let connection: Redis;
let queue: Queue;
const workers: ChildProcess[] = [];

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-resume-"));
  originAndClone(root, { "README.md": "# project\n" });
  redis = await startRedis({ aof: true });
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE, { connection });
});

afterEach(async () => {
  for (const worker of workers.splice(0)) {
    if (worker.exitCode === null && worker.signalCode === null) {
      const exited = once(worker, "exit");
      process.kill(-(worker.pid ?? 0), "SIGKILL");
      await exited;
    }
  }
  await queue.close();
  connection.disconnect();
  await redis.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Serves these turns, one after another whichever session asks. */
async function serve(turns: unknown[]): Promise<void> {
  server = await startScriptedServer({
    scenario: parseScenario({ name: "remote", turnMode: "count", turns }, "remote scenario"),
  });
}

const writeA = {
  content: [
    {
      type: "tool_use",
      name: "Write",
      input: { file_path: "a.txt", content: "before the death\n" },
    },
  ],
};
const sleep = (seconds: number) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command: `sleep ${seconds}` } }],
});

/** A worker "machine": its own process group and state folder, the shared workspace path. */
async function startWorker(name: string, lockMs = 1000, graceMs = "30000"): Promise<ChildProcess> {
  const args = [
    "worker",
    "--redis",
    redis.url,
    "--workspace",
    join(root, "ws"),
    "--permission-mode",
    "acceptEdits",
  ];
  const worker = spawn(
    process.execPath,
    [...KEEL_NODE_ARGS, ...args, "--allowedTools", "Bash(sleep:*)"],
    {
      detached: true,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: join(root, name),
        KEEL_CONFIG_DIR: join(root, name, ".keel"),
        KEEL_WORKER_STALLED_INTERVAL_MS: "300",
        KEEL_WORKER_LOCK_DURATION_MS: String(lockMs),
        KEEL_REMOTE_TRANSCRIPT_SAVE_MS: "100",
        KEEL_WORKER_GRACE_MS: graceMs,
        ...anthropicEnv(server),
      },
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  workers.push(worker);
  await once(worker.stdout!, "data");
  return worker;
}

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const logLines = async (taskId: string) =>
  (await connection.xrange(`keel:${QUEUE}:${taskId}:log`, "-", "+")).map(
    ([, fields]) => fields[1] ?? "",
  );

it("a task whose worker is SIGKILLed mid-tool completes on another worker with its earlier edits, once", async () => {
  await serve([writeA, sleep(30), { content: "Resumed and done." }]);
  const first = await startWorker("a");
  const submitted = await runKeel(["--remote", "write a, then sleep"], {
    cwd: join(root, "clone"),
    env: { KEEL_REDIS_URL: redis.url },
  });
  const taskId = submitted.stdout.trim();
  // Killed once the saved transcript holds the Bash call it dies in (saved as it grows) and the
  // Write round's diff is saved (after its round: on a loaded machine it can come later).
  const transcriptKey = `keel:${QUEUE}:${taskId}:transcript`;
  const diffKey = `keel:${QUEUE}:${taskId}:diff`;
  await until(async () =>
    (await connection.get(transcriptKey))?.includes('"sleep 30"') ? true : undefined,
  );
  await until(async () => ((await connection.get(diffKey))?.includes("a.txt") ? true : undefined));
  const died = once(first, "exit");
  process.kill(-(first.pid ?? 0), "SIGKILL"); // the whole machine: worker, its keel and the sleep
  await died;
  await startWorker("b");
  const job = await until(async () => {
    const found = await Job.fromId(queue, taskId);
    return found?.finishedOn ? found : undefined;
  });
  expect(job.failedReason).toBeUndefined();
  const result = remoteResultSchema.parse(job.returnvalue);
  expect(result).toMatchObject({
    status: "completed",
    pushed: true,
    resultText: "Resumed and done.",
  });
  expect(result.worker.endsWith(`:${first.pid}`)).toBe(false);
  expect(git(join(root, "origin.git"), "show", `keel/${taskId}:a.txt`)).toBe("before the death\n");
  const results = (await logLines(taskId)).filter((l) => l.startsWith('{"type":"result"'));
  expect(results).toHaveLength(1);
  // Every request the resumed session sent was valid: the cut-off Bash call got its result.
  expect(server.violations).toEqual([]);
  expect(server.requests.length).toBe(3);
  // The third request resumed the first session: its conversation, the cut-off call repaired.
  const resumed = JSON.stringify(server.requests[2]?.body);
  expect(resumed).toContain("before the death");
  expect(resumed).toContain("The tool call was interrupted");
  expect(resumed).toContain("Your worker stopped mid-task");
});

it("a task goes on through a Redis restart (SIGTERM, AOF on) and completes", async () => {
  await serve([writeA, sleep(1), { content: "Done after the restart." }]);
  await startWorker("a", 20_000); // a lock that outlives the restart: the same worker goes on
  const submitted = await runKeel(["--remote", "write a, then sleep"], {
    cwd: join(root, "clone"),
    env: { KEEL_REDIS_URL: redis.url },
  });
  const taskId = submitted.stdout.trim();
  await until(async () =>
    (await logLines(taskId)).some((l) => l.includes('"sleep 1"')) ? true : undefined,
  );
  await redis.restart();
  const job = await until(async () => {
    const found = await Job.fromId(queue, taskId).catch(() => undefined);
    return found?.finishedOn ? found : undefined;
  });
  const result = remoteResultSchema.parse(job.returnvalue);
  expect(result).toMatchObject({
    status: "completed",
    pushed: true,
    resultText: "Done after the restart.",
  });
  expect(git(join(root, "origin.git"), "show", `keel/${taskId}:a.txt`)).toBe("before the death\n");
  expect((await logLines(taskId)).filter((l) => l.startsWith('{"type":"result"'))).toHaveLength(1);
  expect(server.violations).toEqual([]);
});

it("a worker stopped with SIGTERM hands its running task back after the grace period; another resumes it", async () => {
  await serve([writeA, sleep(30), { content: "Resumed and done." }]);
  const first = await startWorker("a", 20_000, "100");
  const submitted = await runKeel(["--remote", "write a, then sleep"], {
    cwd: join(root, "clone"),
    env: { KEEL_REDIS_URL: redis.url },
  });
  const taskId = submitted.stdout.trim();
  const transcriptKey = `keel:${QUEUE}:${taskId}:transcript`;
  await until(async () =>
    (await connection.get(transcriptKey))?.includes('"sleep 30"') ? true : undefined,
  );
  const diffKey = `keel:${QUEUE}:${taskId}:diff`;
  await until(async () => ((await connection.get(diffKey))?.includes("a.txt") ? true : undefined));
  const exited = once(first, "exit");
  first.kill("SIGTERM");
  expect(await exited).toEqual([143, null]); // it ended itself, as keel does on SIGTERM
  await startWorker("b");
  const job = await until(async () => {
    const found = await Job.fromId(queue, taskId);
    return found?.finishedOn ? found : undefined;
  });
  const result = remoteResultSchema.parse(job.returnvalue);
  expect(result).toMatchObject({
    status: "completed",
    pushed: true,
    resultText: "Resumed and done.",
  });
  expect(git(join(root, "origin.git"), "show", `keel/${taskId}:a.txt`)).toBe("before the death\n");
  expect(JSON.stringify(server.requests[2]?.body)).toContain("Your worker stopped mid-task");
  expect(server.violations).toEqual([]);
});
