import { Queue } from "bullmq";
import { connectRedis, queueNameFor, type RedisConnection } from "../redis-connection.js";
import { killChannel, killedKey } from "../remote-client.js";
import { KILLED_REASON } from "../remote-status.js";
import { type RemoteTaskInput, remoteKeys, remoteTaskSchema } from "../remote-task.js";

/** Where one submitted task stands, as its BullMQ job says. */
export type JobStanding =
  | { kind: "absent" }
  | { kind: "queued"; queuedAt: number }
  | { kind: "running"; queuedAt: number; startedAt: number; worker: string }
  | {
      kind: "ended";
      startedAt?: number;
      endedAt: number;
      worker?: string;
      /** The worker's result (a completed job's return value, JSON), if any. */
      returnValue?: unknown;
      failedReason?: string;
    }
  /** Cancelled by `keel batch` (a second Ctrl+C) or `keel kill`: it did not finish its work. */
  | { kind: "cancelled" };

/** The job-hash fields read to tell where a task stands (BullMQ 5's own field names). */
const FIELDS = ["timestamp", "processedOn", "finishedOn", "pb", "returnvalue", "failedReason"];

/** How many jobs one Redis round trip reads or writes. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A job's standing from its hash fields (in FIELDS' order). */
function standingOf(fields: readonly (string | null)[]): JobStanding {
  const [timestamp, processedOn, finishedOn, worker, returnValue, failedReason] = fields;
  if (timestamp === null || timestamp === undefined) return { kind: "absent" };
  if (finishedOn) {
    if (failedReason === KILLED_REASON) return { kind: "cancelled" };
    return {
      kind: "ended",
      startedAt: processedOn ? Number(processedOn) : undefined,
      endedAt: Number(finishedOn),
      worker: worker ?? undefined,
      returnValue: parseJson(returnValue ?? null),
      failedReason: failedReason ?? undefined,
    };
  }
  if (processedOn) {
    return {
      kind: "running",
      queuedAt: Number(timestamp),
      startedAt: Number(processedOn),
      worker: worker ?? "-",
    };
  }
  return { kind: "queued", queuedAt: Number(timestamp) };
}

/**
 * A batch's view of the remote-task queue: submits tasks as BullMQ jobs (the job id is the
 * task id, so each is queued once), reads where many stand in few round trips, and cancels.
 */
export class BatchClient {
  readonly redis: RedisConnection;
  readonly queue: Queue;
  /** The queue's name in Redis (hash-tagged on a cluster). */
  readonly queueName: string;

  constructor(redisUrl: string, queueName: string) {
    this.queueName = queueNameFor(redisUrl, queueName);
    this.redis = connectRedis(redisUrl);
    this.queue = new Queue(this.queueName, { connection: this.redis });
  }

  /**
   * Throws when Redis does not answer within `timeoutMs` (the client itself retries forever,
   * as a long batch should ride out a Redis restart, so a wrong URL would otherwise just wait).
   */
  async checkReachable(url: string, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis at ${url} did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Queues tasks not in the queue (bad data fails here, before anything is written); the mark
   * an earlier cancel left on a task is cleared first, so it runs this time.
   */
  async submit(inputs: readonly RemoteTaskInput[]): Promise<void> {
    const tasks = inputs.map((input) => remoteTaskSchema.parse(input));
    for (const part of chunks(tasks)) {
      await this.redis.del(...part.map((task) => killedKey(this.queueName, task.taskId)));
      await this.queue.addBulk(
        part.map((task) => ({
          name: "remote_agent",
          data: task,
          opts: { jobId: task.taskId, attempts: 1, removeOnComplete: false, removeOnFail: false },
        })),
      );
    }
  }

  /** Where each task stands, by task id. */
  async standings(taskIds: readonly string[]): Promise<Map<string, JobStanding>> {
    const out = new Map<string, JobStanding>();
    // The queue's start-up (its scripts loaded) must end before close(): cut off, it rejects
    // with no one to catch it (seen on a cluster, where start-up takes longer).
    await this.queue.waitUntilReady();
    for (const part of chunks(taskIds)) {
      const pipeline = this.redis.pipeline();
      for (const id of part) pipeline.hmget(this.queue.toKey(id), ...FIELDS);
      const replies = (await pipeline.exec()) ?? [];
      part.forEach((id, i) => {
        const [error, fields] = replies[i] ?? [null, null];
        if (error) throw error;
        out.set(id, standingOf(Array.isArray(fields) ? fields : []));
      });
    }
    return out;
  }

  /**
   * Cancels tasks: each is marked killed (a worker refuses it on taking it), the workers
   * running one hear it at once and stop it, and the ones still queued are removed.
   */
  async cancel(taskIds: readonly string[]): Promise<void> {
    for (const part of chunks(taskIds)) {
      const pipeline = this.redis.pipeline();
      for (const id of part) {
        pipeline.set(killedKey(this.queueName, id), KILLED_REASON);
        pipeline.publish(killChannel(this.queueName), id);
      }
      await pipeline.exec();
      // A running job is locked and stays (its worker fails it as killed); a queued one goes.
      await Promise.all(part.map((id) => this.queue.remove(id).catch(() => 0)));
    }
  }

  /** Removes a cancelled task's job and keys, so it can be submitted afresh. */
  async forget(taskIds: readonly string[]): Promise<void> {
    for (const id of taskIds) {
      await this.queue.remove(id);
      const keys = remoteKeys(this.queueName, id);
      await this.redis.del(killedKey(this.queueName, id), ...Object.values(keys));
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}
