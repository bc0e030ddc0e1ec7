import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BatchUpdate,
  batchResultSchema,
  cancelBatch,
  submitBatch,
  watchBatch,
} from "../../../src/index.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../../src/model/scripted/server.js";
import { RemoteClient } from "../../../src/remote/remote-client.js";
import { submitFromRepository } from "../../../src/remote/submit-from-repo.js";
import { waitForRemoteEnd } from "../../../src/remote/watch-task.js";
import { spawnInPty } from "../../cli/repl/pty-screen.js";
import { startRedisCluster, type TestRedisCluster } from "../../helpers/redis-cluster.js";
import { KEEL_BIN, KEEL_NODE_ARGS } from "../../helpers/run-keel.js";
import { anthropicEnv } from "../../helpers/scripted.js";
import { stopProcess } from "../../helpers/stop-process.js";
import { originAndClone } from "../origin-repo.js";

const WORKER_CHILD = fileURLToPath(new URL("./worker-child.mjs", import.meta.url));
/** keel's default queue, not hash-tagged: on a cluster keel stores it as {keel-remote}. */
const QUEUE = "keel-remote";
/** The queue of `keel worker`, whose model never answers in time (one task at once). */
const SLOW_QUEUE = "slow";
/** Back to the line's start, then erase the line (what a redraw writes before the line). */
const ERASE_LINE = "\r\x1b[2K";

let root: string;
let cluster: TestRedisCluster;
let server: ScriptedServer;
/** A model that never answers in time: its worker's tasks stay running until cancelled. */
let slowServer: ScriptedServer;
let workers: ChildProcess[] = [];
let slowWorkerErr = "";

/** A tasks file of `ids`, each writing its own answer file (so each result carries a patch). */
function writeTasks(file: string, ids: readonly string[]): void {
  const lines = ids.map((id) =>
    JSON.stringify({
      id,
      prompt: `Write the answer for ${id}`,
      repository: "origin.git",
      ref: "main",
      settings: { deliver: "patch", permissionMode: "acceptEdits" },
    }),
  );
  writeFileSync(join(root, file), `${lines.join("\n")}\n`);
}

function results(file: string) {
  const path = join(root, file);
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => batchResultSchema.parse(JSON.parse(line)));
}

/** `keel batch`'s environment: the cluster's URL and nothing of the test runner's. */
function batchEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: root,
    KEEL_CONFIG_DIR: join(root, ".keel-batch"),
    KEEL_REDIS_URL: cluster.url,
    KEEL_BATCH_POLL_MS: "50",
    KEEL_BATCH_PROGRESS_MS: "100",
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-batch-cluster-"));
  originAndClone(root, { "README.md": "# project\n" });
  [cluster, server, slowServer] = await Promise.all([
    startRedisCluster(3),
    startScriptedServer({
      scenario: parseScenario(
        {
          name: "batch on a cluster",
          turns: [
            {
              content: [
                {
                  type: "tool_use",
                  name: "Write",
                  input: { file_path: "answer.txt", content: "42\n" },
                },
              ],
            },
            { content: "Wrote answer.txt." },
          ],
        },
        "cluster scenario",
      ),
    }),
    startScriptedServer({
      scenario: parseScenario(
        { name: "slow", latencyMs: 120_000, turns: [{ content: "too late" }] },
        "slow scenario",
      ),
    }),
  ]);
  const slowWorker = keelWorker(SLOW_QUEUE, slowServer);
  workers = [workerChild(QUEUE, "ws", server, 4), slowWorker];
  const [, [first]] = await Promise.all([
    once(workers[0]!.stdout!, "data"),
    once(slowWorker.stdout!, "data") as Promise<[Buffer]>,
  ]);
  // keel worker names the queue as stored, and checks persistence on one of the nodes.
  expect(first.toString()).toContain(`taking tasks from {${SLOW_QUEUE}} (ceiling: acceptEdits)`);
  expect(slowWorkerErr).toContain("keel worker: warning: Redis runs without AOF");
}, 60_000);

/** The real `keel worker` (sessions as `keel -p` children), one task at a time. */
function keelWorker(queue: string, model: ScriptedServer): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      ...KEEL_NODE_ARGS,
      ...["worker", "--redis", cluster.url, "--queue", queue, "--concurrency", "1"],
      ...["--workspace", join(root, "ws-cli"), "--permission-mode", "acceptEdits"],
    ],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: root,
        KEEL_CONFIG_DIR: join(root, ".keel-cli-worker"),
        KEEL_WORKER_GRACE_MS: "1000",
        ...anthropicEnv(model),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    slowWorkerErr += chunk;
  });
  return child;
}

/** The library's worker (dist's startWorker, in-process sessions) in a process of its own. */
function workerChild(queue: string, workspace: string, model: ScriptedServer, concurrency: number) {
  return spawn(
    process.execPath,
    [
      ...[WORKER_CHILD, join(dirname(KEEL_BIN), "index.mjs"), cluster.url, queue],
      ...[join(root, workspace), String(concurrency)],
    ],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: root,
        KEEL_CONFIG_DIR: join(root, `.keel-${workspace}`),
        ...anthropicEnv(model),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
}

afterAll(async () => {
  await Promise.all(workers.map(stopProcess));
  await cluster?.close();
  await server?.close();
  await slowServer?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("keel batch on a Redis Cluster (redis+cluster://)", () => {
  it("a worker runs the batch over the cluster; results.jsonl holds each task once; every key is in one slot", async () => {
    const ids = ["c-1", "c-2", "c-3"];
    writeTasks("tasks.jsonl", ids);
    const child = spawn(process.execPath, [...KEEL_NODE_ARGS, "batch", "tasks.jsonl"], {
      cwd: root,
      env: batchEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const [code] = (await once(child, "close")) as [number | null];
    expect(stderr).toContain(`keel batch: 3 tasks (0 already done), queue {${QUEUE}}`);
    expect(stderr).toContain("every task has ended; results in results.jsonl");
    expect(code).toBe(0);
    const written = results("results.jsonl");
    expect(written.map((r) => r.id).sort()).toEqual(ids);
    for (const result of written) {
      expect(result).toMatchObject({ status: "completed", result: "Wrote answer.txt." });
      expect(result.patch).toContain("+++ b/answer.txt");
      expect(result.patch).toContain("+42");
    }
    expect(server.violations).toEqual([]);

    // Off a terminal, progress is plain lines.
    expect(stderr).not.toContain("\r");
    expect(stderr).toMatch(/^keel batch: 3\/3 done · 0 failed · 0 running · 0 queued · /m);

    // Every key of the queue (BullMQ's and keel's) is on one node: the name was hash-tagged.
    // (Other queues' keys, another test's, may be on other nodes: only this queue's are read.)
    const holders: string[][] = [];
    for (const port of cluster.ports) {
      const node = new Redis(port, "127.0.0.1");
      const keys = await node.keys(`*${QUEUE}*`).finally(() => node.disconnect());
      if (keys.length > 0) holders.push(keys);
    }
    expect(holders).toHaveLength(1);
    const keys = holders[0] ?? [];
    expect(keys.some((key) => key.startsWith(`bull:{${QUEUE}}:`))).toBe(true);
    expect(keys.some((key) => key.startsWith(`keel:{${QUEUE}}:`))).toBe(true);
    expect(keys.filter((key) => !key.includes(`{${QUEUE}}`))).toEqual([]);

    // keel ps/logs's client (one try, fail fast) reads the same queue through the cluster.
    const client = new RemoteClient(cluster.url, QUEUE);
    try {
      await client.connect();
      const listed = await client.list();
      expect(listed.filter((t) => t.status === "completed")).toHaveLength(3);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("on a terminal, the progress line is redrawn in place (carriage return, erase line)", async () => {
    writeTasks("tty.jsonl", ["t-1", "t-2"]);
    const term = spawnInPty(
      process.execPath,
      [...KEEL_NODE_ARGS, "batch", "tty.jsonl", "--results", "tty-results.jsonl"],
      { cwd: root, env: { ...batchEnv(), TERM: "xterm-256color" }, cols: 160, rows: 20 },
    );
    try {
      expect(await term.exited).toBe(0);
      const output = term.output();
      // Each drawing returns to the line's start and erases it before writing the line again.
      const draws = output.split(`${ERASE_LINE}keel batch: `).length - 1;
      expect(draws).toBeGreaterThanOrEqual(2);
      const lastDraw = output.slice(output.lastIndexOf(ERASE_LINE) + ERASE_LINE.length);
      expect(lastDraw).toMatch(/^keel batch: 2\/2 done · 0 failed · [^\r\n]*\r?\n/);
      // On the screen: one progress line, however often it was drawn.
      const screen = await term.waitFor((s) => s.includes("every task has ended"), "the end");
      const progressRows = screen.split("\n").filter((row) => row.includes(" done · "));
      expect(progressRows).toHaveLength(1);
      expect(progressRows[0]).toMatch(/^keel batch: 2\/2 done · 0 failed · 0 running · 0 queued/);
      expect(
        results("tty-results.jsonl")
          .map((r) => r.id)
          .sort(),
      ).toEqual(["t-1", "t-2"]);
    } finally {
      term.kill();
    }
  }, 60_000);

  it("the library submits, watches and cancels a batch from code (over the cluster)", async () => {
    const target = { redisUrl: cluster.url, name: "library" };
    const task = (id: string) => ({
      id,
      prompt: `Write the answer for ${id}`,
      repository: "origin.git",
      settings: { deliver: "patch" as const, permissionMode: "acceptEdits" as const },
    });
    await expect(submitBatch(target, [task("l-1"), task("l-1")], root)).rejects.toThrow(
      "task ids repeat",
    );
    const submitted = await submitBatch(target, [task("l-1"), task("l-2")], root);
    expect(submitted.map((t) => t.id)).toEqual(["l-1", "l-2"]);
    const updates: BatchUpdate[] = [];
    for await (const update of watchBatch(target, submitted, { pollMs: 20 })) updates.push(update);
    const ended = updates.flatMap((u) => (u.kind === "ended" ? [u.result] : []));
    expect(ended.map((r) => r.id).sort()).toEqual(["l-1", "l-2"]);
    for (const result of ended) {
      expect(result).toMatchObject({ status: "completed", result: "Wrote answer.txt." });
      expect(result.task_id).toBe(submitted.find((t) => t.id === result.id)?.taskId);
    }

    // On keel worker one task runs (its model never answers in time), one waits: a cancel stops
    // the running one through the cluster's pub/sub and removes the queued one.
    const slow = { ...target, queue: SLOW_QUEUE };
    const inFlight = await submitBatch(slow, [task("l-3"), task("l-4")], root);
    const seen: BatchUpdate[] = [];
    for await (const update of watchBatch(slow, inFlight, { pollMs: 20 })) {
      seen.push(update);
      if (update.kind === "started") await cancelBatch(slow, inFlight);
    }
    expect(seen.filter((u) => u.kind === "started")).toHaveLength(1);
    expect(
      seen
        .filter((u) => u.kind !== "started")
        .map((u) => [u.kind, u.id])
        .sort(),
    ).toEqual([
      ["cancelled", "l-3"],
      ["cancelled", "l-4"],
    ]);
  }, 60_000);

  it("keel --remote's submit (a bundle kept in Redis) and wait work over the cluster", async () => {
    // Uncommitted work: the code goes as a git bundle stored beside the task.
    writeFileSync(join(root, "clone", "notes.txt"), "uncommitted\n");
    const target = { redisUrl: cluster.url, queue: QUEUE, maxBundleBytes: 1024 * 1024 };
    const submitted = await submitFromRepository(target, join(root, "clone"), {
      prompt: "Write the answer",
      permissionMode: "acceptEdits",
      deliver: "patch",
    });
    expect(submitted.via).toMatch(/bundle/);
    expect(submitted.queue).toBe(`{${QUEUE}}`); // as keel --remote prints it
    const end = await waitForRemoteEnd(cluster.url, QUEUE, submitted.taskId, {
      pollMs: 20,
      signal: new AbortController().signal,
    });
    expect(end).toMatchObject({ taskId: submitted.taskId, status: "completed" });
    expect(end?.summary).toContain("Wrote answer.txt.");
    // The worker dropped the bundle and the saved diff (one DEL of two keys: one slot).
    const client = new RemoteClient(cluster.url, QUEUE);
    try {
      await client.connect();
      expect((await client.find(submitted.taskId))?.state).toBe("completed");
    } finally {
      await client.close();
    }
    const nodes = cluster.ports.map((port) => new Redis(port, "127.0.0.1"));
    const left = await Promise.all(nodes.map((node) => node.keys(`*${submitted.taskId}:bundle`)));
    for (const node of nodes) node.disconnect();
    expect(left.flat()).toEqual([]);
  }, 60_000);
});
