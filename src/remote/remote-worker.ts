import { hostname } from "node:os";
import { DelayedError, type Job, UnrecoverableError, Worker } from "bullmq";
import type { KeelCommand } from "./keel-child.js";
import type { PermissionCeiling } from "./permission-ceiling.js";
import { connectRedis, queueNameFor, type RedisConnection } from "./redis-connection.js";
import { killChannel, killedKey } from "./remote-client.js";
import { KILLED_REASON } from "./remote-status.js";
import { remoteKeys } from "./remote-task.js";
import {
  HAND_BACK,
  parseTask,
  type RemoteRunDeps,
  RemoteTaskRefused,
  runRemoteTask,
  TaskHandedBack,
} from "./run-remote-task.js";
import type { SessionRunner } from "./session-runner.js";

/** How a worker is set up (`keel worker`'s flags and settings). */
interface RemoteWorkerOptions {
  redisUrl: string;
  queue: string;
  concurrency: number;
  workspace: string;
  ceiling: PermissionCeiling;
  keel: KeelCommand;
  env: NodeJS.ProcessEnv;
  /** How often BullMQ looks for tasks whose worker died, and how long a task's lock lasts. */
  stalledIntervalMs: number;
  lockDurationMs: number;
  logCap: number;
  transcriptSaveMs: number;
  /** How sessions run (default: `keel -p` child processes of `keel`). */
  session?: SessionRunner;
}

/**
 * The environment a worker's sessions run with: the worker's, without KEEL_REDIS_URL. A task's
 * commands must not read the queue's address and password and act on the queue.
 */
function sessionEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.KEEL_REDIS_URL;
  return copy;
}

/**
 * A task may be handed on this many times after its worker dies before BullMQ fails it (the
 * issue asks for at least three deaths survived).
 */
const MAX_STALLED = 5;

/** A running worker and how to stop it (stops taking tasks, waits for the running ones). */
export interface RunningWorker {
  name: string;
  redis: RedisConnection;
  /** The queue's name in Redis (hash-tagged on a cluster). */
  queue: string;
  /** Stops taking tasks; running ones that outlast `graceMs` are handed back to the queue. */
  close: (graceMs: number) => Promise<void>;
}

/** The tasks this worker runs now, each with what stops it (keel kill, BullMQ's cancel). */
type Running = Map<string, AbortController>;

/** Listens for `keel kill` on the queue's channel and stops the named task if it runs here. */
async function listenForKills(
  redis: RedisConnection,
  queue: string,
  running: Running,
): Promise<RedisConnection> {
  const subscriber = redis.duplicate();
  subscriber.on("message", (_channel: string, taskId: string) => running.get(taskId)?.abort());
  await subscriber.subscribe(killChannel(queue));
  return subscriber;
}

/**
 * Runs one job: refused and killed tasks fail for good (another worker would do no better); a
 * task handed back at shutdown goes back on the queue at once for another worker to resume.
 */
async function processJob(
  job: Job,
  token: string | undefined,
  deps: RemoteRunDeps,
  running: Running,
  signal?: AbortSignal,
) {
  const task = parseTaskOrFail(job.data);
  const killed = async () => (await deps.redis.get(killedKey(deps.queue, task.taskId))) !== null;
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort(), { once: true });
  running.set(task.taskId, controller);
  try {
    // Looked for once registered: a kill published earlier found nothing here to stop, but
    // its mark was set before it was published.
    if (await killed()) throw new UnrecoverableError(KILLED_REASON);
    const result = await runRemoteTask(task, deps, controller.signal);
    await dropRunState(deps, task.taskId);
    if (await killed()) throw new UnrecoverableError(KILLED_REASON);
    return result;
  } catch (error) {
    if (error instanceof TaskHandedBack) {
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    // Jobs are tried once: any other end is final, only a worker's death runs it again.
    await dropRunState(deps, task.taskId);
    if (error instanceof RemoteTaskRefused) throw new UnrecoverableError(error.message);
    throw error;
  } finally {
    running.delete(task.taskId);
  }
}

/**
 * Deletes what only another run of the task would need (its bundle, its saved diff) once it
 * has ended; the log and the transcript stay for `keel logs` and `keel attach`.
 */
async function dropRunState(deps: RemoteRunDeps, taskId: string): Promise<void> {
  const keys = remoteKeys(deps.queue, taskId);
  await deps.redis.del(keys.bundle, keys.diff);
}

function parseTaskOrFail(data: unknown) {
  try {
    return parseTask(data);
  } catch (error) {
    throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
  }
}

/** Starts a BullMQ worker that runs keel remote tasks. */
export async function startRemoteWorker(options: RemoteWorkerOptions): Promise<RunningWorker> {
  const name = `${hostname()}:${process.pid}`;
  const queue = queueNameFor(options.redisUrl, options.queue);
  const redis = connectRedis(options.redisUrl);
  const deps = { ...options, queue, env: sessionEnv(options.env), redis, worker: name };
  const running: Running = new Map();
  const subscriber = await listenForKills(redis, queue, running);
  // BullMQ leaves a connection it was given open at close: the worker closes it itself.
  const connection = connectRedis(options.redisUrl);
  const worker = new Worker(
    queue,
    (job, token, signal) => processJob(job, token, deps, running, signal),
    {
      connection,
      concurrency: options.concurrency,
      name,
      maxStalledCount: MAX_STALLED,
      stalledInterval: options.stalledIntervalMs,
      lockDuration: options.lockDurationMs,
    },
  );
  return {
    name,
    redis,
    queue,
    close: async (graceMs) => {
      const closing = worker.close(); // takes no more tasks; waits for the running ones
      const handBack = setTimeout(() => {
        for (const controller of running.values()) controller.abort(HAND_BACK);
      }, graceMs);
      await closing;
      clearTimeout(handBack);
      subscriber.disconnect();
      connection.disconnect();
      redis.disconnect();
    },
  };
}
