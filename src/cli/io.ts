/** The process surroundings the CLI runs in (injected, so tests can run it in process). */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Aborted when the process receives SIGINT or SIGTERM. */
  signal: AbortSignal;
}
