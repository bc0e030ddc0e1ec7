import { type KeelCommand, runSession, type SessionOutcome } from "./keel-child.js";

/**
 * Runs one task's session (`keel -p` arguments in the checkout), handing each stream-json line
 * to `onLine` as it comes; `signal` stops it. A worker runs each session as a child process by
 * default; a worker started from code may run them in its own process (keel batch's benches).
 */
export type SessionRunner = (
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => Promise<void>,
  signal: AbortSignal,
) => Promise<SessionOutcome>;

/** Sessions as `keel -p` child processes of the given keel. */
export function childSessionRunner(keel: KeelCommand): SessionRunner {
  return (args, cwd, env, onLine, signal) => runSession(keel, args, cwd, env, onLine, signal);
}
