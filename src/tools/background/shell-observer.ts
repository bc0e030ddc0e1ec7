import type { EndedShellTask, ShellTaskState } from "./shell-task.js";

/**
 * Someone who records a session's background shells elsewhere (keel's task folders, so that
 * `keel ps` in another terminal sees them). Its writes are awaited by `dispose()`.
 */
export interface ShellTaskObserver {
  /** Where the shell with this id writes its output. */
  outputFile(id: string): string;
  /** The shell runs (or could not start): record it. */
  started(state: ShellTaskState): Promise<void>;
  /** The shell has ended: record how. */
  ended(state: EndedShellTask): Promise<void>;
  /** True when another process asked for this shell to stop (`keel kill`): it ends "killed". */
  stoppedElsewhere(id: string): boolean;
}
