import type { ProcessProbe } from "./process-probe.js";
import { isTerminalTaskStatus, type TaskMeta } from "./task-meta.js";

/** The error of a task whose processes are gone without its end being written. */
export const EXITED_UNEXPECTEDLY = "process exited unexpectedly";

/**
 * A task as it really stands: meta.json, except that a task still marked pending or running
 * whose process and owner have both gone (a crash, a reboot, SIGKILL) is failed. A task with
 * no recorded process yet is taken at its word.
 */
export function observedTask(meta: TaskMeta, probe: ProcessProbe, now: number): TaskMeta {
  if (isTerminalTaskStatus(meta.status)) return meta;
  const watchers: Array<[number, string | undefined]> = [];
  if (meta.pid !== undefined) watchers.push([meta.pid, meta.pidStartTime]);
  if (meta.ownerPid !== undefined) watchers.push([meta.ownerPid, meta.ownerStartTime]);
  if (watchers.length === 0) return meta;
  if (watchers.some(([pid, start]) => probe.alive(pid, start))) return meta;
  return { ...meta, status: "failed", endedAt: now, exitCode: null, error: EXITED_UNEXPECTEDLY };
}
