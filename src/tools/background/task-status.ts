/** Where a background task stands (Claude Code's statuses; the last three are final). */
export const TASK_STATUSES = ["pending", "running", "completed", "failed", "killed"] as const;

/** A background task's status. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A status a task never leaves. */
export type TerminalTaskStatus = "completed" | "failed" | "killed";

/** True for completed, failed and killed: the task has ended and will not change again. */
export function isTerminalTaskStatus(status: TaskStatus): status is TerminalTaskStatus {
  return status === "completed" || status === "failed" || status === "killed";
}
