import { Job, Queue } from "bullmq";
import { agentLogLines } from "../tasks/agent-log.js";
import { connectRedis, queueNameFor, type RedisConnection } from "./redis-connection.js";
import { KILLED_REASON, type RemoteTaskView, remoteTaskView } from "./remote-status.js";
import { remoteKeys } from "./remote-task.js";

/** The channel workers listen on for `keel kill` (the message is the task id). */
export const killChannel = (queue: string) => `keel:${queue}:kill`;

/** Redis as the CLI's remote commands see it: one queue, failing fast when Redis is down. */
export class RemoteClient {
  private readonly redis: RedisConnection;
  private readonly queueName: string;
  private queueOrNone?: Queue;
  private lastError?: Error;

  constructor(url: string, queueName: string) {
    this.queueName = queueNameFor(url, queueName);
    // One try: a command says at once that Redis cannot be reached.
    this.redis = connectRedis(url, "fail-fast");
    // Failures reach the caller through connect() and each command; not as an unhandled event.
    this.redis.on("error", (error: Error) => {
      this.lastError = error;
    });
  }

  /** Connects, or throws why not. */
  async connect(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      // ioredis rejects with "Connection is closed"; the error event said why (ECONNREFUSED, …).
      throw this.lastError ?? error;
    }
    this.queueOrNone = new Queue(this.queueName, { connection: this.redis });
    // Its start-up must end before close() (a log read alone does not wait for it): cut off, it
    // rejects with no one to catch it (seen on a cluster).
    await this.queueOrNone.waitUntilReady();
  }

  private get queue(): Queue {
    if (!this.queueOrNone) throw new Error("RemoteClient used before connect()");
    return this.queueOrNone;
  }

  /** Every remote task in the queue, newest first. */
  async list(): Promise<RemoteTaskView[]> {
    const states = ["active", "waiting", "delayed", "prioritized", "completed", "failed"] as const;
    const views: RemoteTaskView[] = [];
    for (const state of states) {
      for (const job of await this.queue.getJobs([state])) {
        const view = job ? remoteTaskView(state, job) : undefined;
        if (view) views.push(view);
      }
    }
    return views.sort((a, b) => b.startedAt - a.startedAt);
  }

  /** The task's job and its state, if it is in the queue. */
  async find(taskId: string): Promise<{ job: Job; state: string } | undefined> {
    const job = await Job.fromId(this.queue, taskId);
    return job ? { job, state: await job.getState() } : undefined;
  }

  /**
   * Prints the task's log (each session message as keel logs shows an agent's); with `follow`,
   * goes on until the task has ended and its log is read to the end, or `signal` aborts.
   */
  async printLog(
    taskId: string,
    write: (text: string) => Promise<void>,
    follow: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const key = remoteKeys(this.queueName, taskId).log;
    let after = "0";
    for (;;) {
      const ended = follow ? await this.hasEnded(taskId) : true;
      const entries = await this.redis.xread("COUNT", 500, "STREAMS", key, after);
      const batch = entries?.[0]?.[1] ?? [];
      for (const [id, fields] of batch) {
        after = id;
        const lines = agentLogLines(fields[1] ?? "");
        if (lines.length > 0) await write(`${lines.join("\n")}\n`);
      }
      if (batch.length > 0) continue;
      if (ended || signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async hasEnded(taskId: string): Promise<boolean> {
    const found = await this.find(taskId);
    return !found || found.state === "completed" || found.state === "failed";
  }

  /**
   * Stops the task wherever it runs: a mark any worker checks before starting it, and a
   * message to the worker running it now.
   */
  async kill(taskId: string): Promise<void> {
    await this.redis.set(killedKey(this.queueName, taskId), KILLED_REASON);
    await this.redis.publish(killChannel(this.queueName), taskId);
  }

  /** The task's saved transcript, if any. */
  transcript(taskId: string): Promise<Buffer | null> {
    return this.redis.getBuffer(remoteKeys(this.queueName, taskId).transcript);
  }

  async close(): Promise<void> {
    await this.queueOrNone?.close();
    this.redis.disconnect();
  }
}

/** The key that marks a task killed. */
export const killedKey = (queue: string, taskId: string) => `keel:${queue}:${taskId}:killed`;
