import type { Job } from "bullmq";
import { type RemoteTask, remoteResultSchema, remoteTaskSchema } from "./remote-task.js";

/** The failure reason a task killed with `keel kill` ends with. */
export const KILLED_REASON = "killed (keel kill)";

/** A remote task as `keel ps` shows it. */
export interface RemoteTaskView {
  id: string;
  status: "pending" | "running" | "completed" | "failed" | "killed";
  worker: string;
  startedAt: number;
  costUsd: number;
  description: string;
}

/** The task's status from its BullMQ job state, its result and its failure reason. */
export function remoteStatus(state: string, job: Job): RemoteTaskView["status"] {
  if (state === "active") return "running";
  if (state === "completed") {
    const result = remoteResultSchema.safeParse(job.returnvalue);
    return result.success ? result.data.status : "failed";
  }
  if (state === "failed") return job.failedReason === KILLED_REASON ? "killed" : "failed";
  return "pending";
}

/** A job as `keel ps` shows it, or undefined when its data is not a keel remote task. */
export function remoteTaskView(state: string, job: Job): RemoteTaskView | undefined {
  const task = remoteTaskSchema.safeParse(job.data);
  if (!task.success) return undefined;
  const result = remoteResultSchema.safeParse(job.returnvalue);
  return {
    id: task.data.taskId,
    status: remoteStatus(state, job),
    worker: job.processedBy ?? "-",
    startedAt: task.data.submittedAt,
    costUsd: result.success ? result.data.costUsd : 0,
    description: describe(task.data),
  };
}

function describe(task: RemoteTask): string {
  const line = task.prompt.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Whether an id is a remote task's ("r" and ten characters, as newRemoteTaskId makes). */
export function isRemoteTaskId(id: string): boolean {
  return /^r[0-9a-z]{10}$/.test(id);
}
