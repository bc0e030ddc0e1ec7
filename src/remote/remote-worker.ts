import { hostname } from "node:os";
import { UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { KeelCommand } from "./keel-child.js";
import type { PermissionCeiling } from "./permission-ceiling.js";
import { parseTask, RemoteTaskRefused, runRemoteTask } from "./run-remote-task.js";

/** How a worker is set up (`keel worker`'s flags and settings). */
export interface RemoteWorkerOptions {
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
}

/**
 * A task may be handed on this many times after its worker dies before BullMQ fails it (the
 * issue asks for at least three deaths survived).
 */
export const MAX_STALLED = 5;

/** A running worker and how to stop it (stops taking tasks, waits for the running ones). */
export interface RunningWorker {
  name: string;
  redis: Redis;
  close: () => Promise<void>;
}

/** Connects to Redis as BullMQ needs (no per-request retry limit: it blocks on queues). */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** Starts a BullMQ worker that runs keel remote tasks. */
export function startRemoteWorker(options: RemoteWorkerOptions): RunningWorker {
  const name = `${hostname()}:${process.pid}`;
  const redis = connectRedis(options.redisUrl);
  const deps = { ...options, redis, worker: name };
  const worker = new Worker(
    options.queue,
    async (job, _token, signal) => {
      try {
        return await runRemoteTask(
          parseTask(job.data),
          deps,
          signal ?? new AbortController().signal,
        );
      } catch (error) {
        // A refused task must not be retried by another worker with the same ceiling.
        if (error instanceof RemoteTaskRefused) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection: connectRedis(options.redisUrl),
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
    close: async () => {
      await worker.close();
      redis.disconnect();
    },
  };
}
