import type { TerminalTaskStatus } from "./task-status.js";

/** What every background shell carries, whatever its status. */
export interface ShellTaskBase {
  /** Short and unique in the session, e.g. "b4k0x9z2m" (see task-id.ts). */
  id: string;
  type: "local_bash";
  /** Claude Code's `kind`: "monitor" for a Monitor's command (absent for Bash's). */
  kind?: "monitor";
  command: string;
  /** What the command is for, in a few words (the command itself when none was given). */
  description: string;
  /** The directory the command started in. */
  cwd: string;
  /** stdout and stderr, appended as they come (never held in memory). */
  outputFile: string;
  /** When it was registered (ms since the epoch). */
  startTime: number;
  /** The shell's pid, which is also its process group id; absent until it has started. */
  pid?: number;
}

/** A shell that has not ended: being started, or running. */
export interface LiveShellTask extends ShellTaskBase {
  status: "pending" | "running";
}

/** A shell that has ended: on its own (completed with exit 0, else failed) or stopped (killed). */
export interface EndedShellTask extends ShellTaskBase {
  status: TerminalTaskStatus;
  endTime: number;
  /** The shell's exit code; null when a signal ended it or it never started. */
  exitCode: number | null;
  /** The signal that ended the shell, when one did. */
  exitSignal?: string;
  /** Why it could not be started, when it could not. */
  error?: string;
}

/** A snapshot of one background shell. */
export type ShellTaskState = LiveShellTask | EndedShellTask;
