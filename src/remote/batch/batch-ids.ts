import { createHash } from "node:crypto";

/**
 * The remote task id of a batch task: "r" and ten base-36 characters of a hash of the batch's
 * name and the task's id. The same task of the same batch always gets the same id, so a
 * re-run finds the job an earlier run submitted, and BullMQ queues each task once.
 */
export function batchTaskId(batchName: string, id: string): string {
  const digest = createHash("sha256").update(`${batchName}\0${id}`).digest();
  const n = digest.readBigUInt64BE(0);
  return `r${n.toString(36).padStart(13, "0").slice(-10)}`;
}
