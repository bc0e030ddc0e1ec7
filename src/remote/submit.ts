import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { connectRedis, queueNameFor } from "./redis-connection.js";
import { type RemoteTaskInput, remoteKeys, remoteTaskSchema } from "./remote-task.js";

/** A new remote task's id: "r" and 10 base-36 characters. */
export function newRemoteTaskId(): string {
  const n = randomBytes(8).readBigUInt64BE();
  return `r${n.toString(36).padStart(10, "0").slice(-10)}`;
}

/**
 * Puts a task on the queue (its BullMQ job id is the task id, so a task is queued once) with
 * its bundle, if any, stored beside it. Bad data fails here, before anything is written.
 */
export async function submitRemoteTask(
  redisUrl: string,
  queueIn: string,
  input: RemoteTaskInput,
  bundle?: Buffer,
): Promise<string> {
  const task = remoteTaskSchema.parse(input);
  const queueName = queueNameFor(redisUrl, queueIn);
  const connection = connectRedis(redisUrl);
  const queue = new Queue(queueName, { connection });
  try {
    if (bundle) await connection.set(remoteKeys(queueName, task.taskId).bundle, bundle);
    await queue.add("remote_agent", task, {
      jobId: task.taskId,
      attempts: 1,
      removeOnComplete: false,
      removeOnFail: false,
    });
    return task.taskId;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
