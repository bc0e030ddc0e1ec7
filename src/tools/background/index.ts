/** Background shells of one session: the registry Bash, TaskOutput and TaskStop share. */
import { join } from "node:path";
import type { BuiltinToolsConfig } from "../builtin-config.js";
import { BackgroundShells, type BackgroundShellsOptions } from "./background-shells.js";

export {
  BackgroundShells,
  type BackgroundShellsOptions,
  type NewOutput,
  type ShellRequest,
  type StopOutcome,
} from "./background-shells.js";
export { type LogSlice, omissionMarker } from "./log-slice.js";
export type { ShellTaskObserver } from "./shell-observer.js";
export type { EndedShellTask, LiveShellTask, ShellTaskState } from "./shell-task.js";
export { newShellTaskId } from "./task-id.js";
export { isTerminalTaskStatus, TASK_STATUSES, type TaskStatus } from "./task-status.js";
export { UnknownTaskError, unknownTaskMessage } from "./unknown-task.js";

/** The registry of a session, its logs under `<sessionDir>/tasks/`. */
export function createBackgroundShells(
  config: BuiltinToolsConfig,
  options: Omit<BackgroundShellsOptions, "tasksDir"> = {},
): BackgroundShells {
  return new BackgroundShells({ ...options, tasksDir: join(config.sessionDir, "tasks") });
}
