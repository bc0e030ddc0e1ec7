import type { InterruptGuard } from "./interrupt-guard.js";

/** The process surroundings the CLI runs in (injected, so tests can run it in process). */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Aborted when the process receives SIGINT or SIGTERM. */
  signal: AbortSignal;
  /**
   * Held while keel waits for a program that owns Ctrl+C (the REPL's editor): the executable
   * then does not abort `signal` on SIGINT. Absent: every SIGINT aborts.
   */
  interrupts?: InterruptGuard;
}
