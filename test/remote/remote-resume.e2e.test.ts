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

/** A Write of `file`, the tool round whose diff a later worker must restore. */
const write = (file: string) => ({
  content: [
    {
      type: "tool_use",
      name: "Write",
      input: { file_path: file, content: `${file} before a death\n` },
    },
  ],
});

/** The ids of the Bash calls in a saved transcript (JSONL). */
function bashCallIds(transcript: string): Set<string> {
  const ids = new Set<string>();
  for (const line of transcript.split("\n")) {
    if (line.trim() === "") continue;
    const entry = JSON.parse(line) as { message?: { content?: unknown } };
    const content = Array.isArray(entry.message?.content) ? entry.message.content : [];
    for (const block of content as Array<{ type?: string; name?: string; id?: string }>) {
      if (block.type === "tool_use" && block.name === "Bash" && block.id) ids.add(block.id);
    }
  }
  return ids;
}

/** Waits until the task's saved transcript (saved as it grows) holds `count` Bash calls. */
async function bashCallsSaved(taskId: string, count: number): Promise<void> {
  const key = `keel:${QUEUE}:${taskId}:transcript`;
  await until(async () =>
    bashCallIds((await connection.get(key)) ?? "").size >= count ? true : undefined,
  );
}

/** Waits until the task's saved diff (saved after each tool round) holds `file`. */
async function diffHas(taskId: string, file: string): Promise<void> {
  const key = `keel:${QUEUE}:${taskId}:diff`;
  await until(async () => ((await connection.get(key))?.includes(file) ? true : undefined));
}

/** The worker machine running the task now (its BullMQ job names the worker: host:pid). */
async function runningWorker(taskId: string, machines: ChildProcess[]): Promise<ChildProcess> {
  return until(async () => {
    const job = await Job.fromId(queue, taskId);
    return machines.find((m) => m.exitCode === null && job?.processedBy?.endsWith(`:${m.pid}`));
  });
}

/** SIGKILLs a worker "machine" whole: the worker, its keel session and the session's sleep. */
async function killMachine(worker: ChildProcess): Promise<void> {
  const died = once(worker, "exit");
  process.kill(-(worker.pid ?? 0), "SIGKILL");
  await died;
}

it("a task survives three worker deaths (SIGKILL mid-tool): a fourth worker completes it with every earlier edit, once", async () => {
  const files = ["a.txt", "b.txt", "c.txt"];
  // Each worker writes a file, then dies in a long sleep; the fourth finishes.
  await serve([...files.flatMap((file) => [write(file), sleep(30)]), { content: "Done at last." }]);
  // Four worker "machines", idle until the task comes: whichever runs it is killed, three times.
  const machines = await Promise.all(["w0", "w1", "w2", "w3"].map((name) => startWorker(name)));
  const submitted = await runKeel(["--remote", "write three files, sleeping between them"], {
    cwd: join(root, "clone"),
    env: { KEEL_REDIS_URL: redis.url },
  });
  const taskId = submitted.stdout.trim();
  const killed: number[] = [];
  for (const [death, file] of files.entries()) {
    // Killed once its Bash call is saved (it dies in it) and its Write round's diff too.
    await bashCallsSaved(taskId, death + 1);
    await diffHas(taskId, file);
    const runner = await runningWorker(taskId, machines);
    killed.push(runner.pid ?? 0);
    await killMachine(runner);
  }
  const job = await until(async () => {
    const found = await Job.fromId(queue, taskId);
    return found?.finishedOn ? found : undefined;
  });
  expect(job.failedReason).toBeUndefined();
  expect(job.stalledCounter).toBe(3);
  const result = remoteResultSchema.parse(job.returnvalue);
  expect(result).toMatchObject({ status: "completed", pushed: true, resultText: "Done at last." });
  const finisher = machines.find((m) => result.worker.endsWith(`:${m.pid}`));
  expect(finisher).toBeDefined();
  expect(killed).not.toContain(finisher?.pid);
  expect(new Set(killed).size).toBe(3);
  for (const file of files) {
    expect(git(join(root, "origin.git"), "show", `keel/${taskId}:${file}`)).toBe(
      `${file} before a death\n`,
    );
  }
  const results = (await logLines(taskId)).filter((l) => l.startsWith('{"type":"result"'));
  expect(results).toHaveLength(1);
  // Every request the resumed sessions sent was valid: each cut-off Bash call got its result.
  expect(server.violations).toEqual([]);
  expect(server.requests.length).toBe(7);
  // The last request carries the whole conversation, each cut-off call repaired.
  const last = JSON.stringify(server.requests[6]?.body);
  for (const file of files) expect(last).toContain(`${file} before a death`);
  expect(last.split("The tool call was interrupted").length - 1).toBe(3);
}, 90_000); // four worker processes and three stall detections: 12-15 s here alone, twice that under load

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
}, 60_000);

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
}, 60_000);
