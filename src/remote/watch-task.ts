import { Job, Queue } from "bullmq";
import { abortableSleep } from "../tasks/abortable-sleep.js";
import { connectRedis, queueNameFor } from "./redis-connection.js";
import { remoteStatus } from "./remote-status.js";
import { remoteResultSchema } from "./remote-task.js";

/** How a remote task ended, told as a background task's end is. */
interface RemoteEnd {
  taskId: string;
  status: "completed" | "failed" | "killed";
  /** Its final text and where its work is, or why it failed. */
  summary: string;
}

/** What a finished job says of the task's end. */
function endOf(taskId: string, state: string, job: Job): RemoteEnd | undefined {
  const status = remoteStatus(state, job);
  if (status === "pending" || status === "running") return undefined;
  const result = remoteResultSchema.safeParse(job.returnvalue);
  if (status === "killed" || !result.success) {
    return { taskId, status, summary: job.failedReason ?? "the worker recorded no result" };
  }
  const text = result.data.resultText ?? "(no final message)";
  const work = result.data.pushed
    ? `Its work is on branch ${result.data.branch} of origin`
    : "Its work is a patch kept with the task";
  return {
    taskId,
    status,
    summary: `${text}\n\n${work}; keel attach ${taskId} brings it here and continues its session.`,
  };
}

/**
 * Waits for a remote task to end, looking at its BullMQ job every `pollMs` (a Redis that
 * restarts meanwhile is waited for); undefined when `signal` aborts first. A task gone from
 * the queue counts as failed.
 */
export async function waitForRemoteEnd(
  redisUrl: string,
  queueName: string,
  taskId: string,
  options: { pollMs: number; signal: AbortSignal },
): Promise<RemoteEnd | undefined> {
  const connection = connectRedis(redisUrl);
  // Errors are retried by ioredis and surface, if ever, through the commands awaited below.
  connection.on("error", () => {});
  const queue = new Queue(queueNameFor(redisUrl, queueName), { connection });
  const stop = () => connection.disconnect();
  options.signal.addEventListener("abort", stop, { once: true });
  try {
    while (!options.signal.aborted) {
      // The state first: once it has ended, the job read after it holds its end.
      const state = await queue.getJobState(taskId);
      const job = state === "unknown" ? undefined : await Job.fromId(queue, taskId);
      if (!job) return { taskId, status: "failed", summary: "the task is no longer in the queue" };
      const end = endOf(taskId, state, job);
      if (end) return end;
      await abortableSleep(options.pollMs, options.signal);
    }
    return undefined;
  } catch (error) {
    if (options.signal.aborted) return undefined;
    throw error;
  } finally {
    options.signal.removeEventListener("abort", stop);
    await queue.close().catch(() => {});
    connection.disconnect();
  }
}
