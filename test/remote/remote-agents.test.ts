import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Job, Queue, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRemoteAgents, type RemoteAgents } from "../../src/cli/remote/remote-agents.js";
import { NO_REDIS_MESSAGE } from "../../src/remote/redis-url.js";
import { KILLED_REASON } from "../../src/remote/remote-status.js";
import { type RemoteResult, remoteTaskSchema } from "../../src/remote/remote-task.js";
import type { SessionEvent } from "../../src/session/engine/session-event.js";
import { startRedis, type TestRedis } from "../helpers/redis-server.js";
import { git, originAndClone } from "./origin-repo.js";

const QUEUE = "keel-remote";

let root: string;
let clone: string;
let redis: TestRedis;
let connection: Redis;
let queue: Queue;
let agents: RemoteAgents | undefined;
let worker: Worker | undefined;
let workerConnection: Redis | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "keel-remote-agents-"));
  ({ clone } = originAndClone(root, { "README.md": "# project\n" }));
  redis = await startRedis();
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE, { connection });
});

afterEach(async () => {
  await agents?.dispose();
  agents = undefined;
  await worker?.close();
  worker = undefined;
  workerConnection?.disconnect();
});

afterAll(async () => {
  await queue.close();
  connection.disconnect();
  await redis.close();
  rmSync(root, { recursive: true, force: true });
});

/** A session's remote agents on this test's Redis, their notices collected. */
function remoteAgents(env: Record<string, string> = { KEEL_REDIS_URL: redis.url }) {
  const notices: SessionEvent[] = [];
  const errors: unknown[] = [];
  agents = createRemoteAgents({
    env,
    allowedTools: ["Bash(npm test:*)"],
    disallowedTools: ["WebFetch"],
    deliver: (event) => notices.push(event),
    onError: (error) => errors.push(error),
    pollMs: 20,
  });
  return { launch: agents.launch, notices, errors };
}

/** A worker of this process that ends each task as `end` says (BullMQ does the rest). */
function workerThat(end: (job: Job) => Promise<RemoteResult>): void {
  workerConnection = connection.duplicate();
  worker = new Worker(QUEUE, end, { connection: workerConnection, name: "test:1" });
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const request = {
  description: "Fix the bug",
  prompt: "Fix the bug in a.ts.",
  cwd: "",
  permissionMode: "acceptEdits" as const,
};

describe("remote agents (the Agent tool's isolation: remote)", () => {
  it("submits the task as keel --remote does, and tells its end with its text and branch", async () => {
    const { launch, notices, errors } = remoteAgents();
    const handle = await launch({ ...request, cwd: clone, model: "haiku" });
    expect(handle.taskId).toMatch(/^r[0-9a-z]{10}$/);
    expect(handle.branch).toBe(`keel/${handle.taskId}`);
    const job = await queue.getJob(handle.taskId);
    const head = git(clone, "rev-parse", "HEAD").trim();
    expect(remoteTaskSchema.parse(job?.data)).toMatchObject({
      taskId: handle.taskId,
      prompt: "Fix the bug in a.ts.",
      source: { kind: "git", url: join(root, "origin.git"), commit: head },
      permissionMode: "acceptEdits",
      allowedTools: ["Bash(npm test:*)"],
      disallowedTools: ["WebFetch"],
      model: "haiku",
    });
    expect(notices).toEqual([]);
    workerThat(async (ran) => ({
      taskId: ran.id ?? "",
      status: "completed",
      worker: "test:1",
      branch: `keel/${ran.id}`,
      pushed: true,
      resultText: "Fixed it.",
      costUsd: 0.01,
    }));
    const notice = await until(() => notices[0]);
    expect(notice).toEqual({
      type: "task_notification",
      taskId: handle.taskId,
      status: "completed",
      description: "Fix the bug",
      summary: `Fixed it.\n\nIts work is on branch keel/${handle.taskId} of origin; keel attach ${handle.taskId} brings it here and continues its session.`,
    });
    expect(errors).toEqual([]);
  });

  it("tells a killed task's end as killed", async () => {
    const { launch, notices } = remoteAgents();
    const { taskId } = await launch({ ...request, cwd: clone });
    workerThat(async () => {
      throw new UnrecoverableError(KILLED_REASON);
    });
    expect(await until(() => notices[0])).toMatchObject({
      taskId,
      status: "killed",
      summary: KILLED_REASON,
    });
  });

  it("stops watching when the session ends: an end after that is not told", async () => {
    const { launch, notices } = remoteAgents();
    const { taskId } = await launch({ ...request, cwd: clone });
    await agents?.dispose();
    workerThat(async (ran) => ({
      taskId: ran.id ?? "",
      status: "completed",
      worker: "test:1",
      pushed: false,
      costUsd: 0,
    }));
    await until(async () => ((await queue.getJob(taskId))?.finishedOn ? true : undefined));
    expect(notices).toEqual([]);
  });

  it("refuses with the one-line hint when no Redis is configured, submitting nothing", async () => {
    const { launch } = remoteAgents({ KEEL_CONFIG_DIR: join(root, "no-settings") });
    const before = await queue.getJobCounts();
    await expect(launch({ ...request, cwd: clone })).rejects.toThrow(NO_REDIS_MESSAGE);
    expect(await queue.getJobCounts()).toEqual(before);
  });
});
