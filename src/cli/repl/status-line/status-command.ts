import { runCommandHook } from "../../../hooks/index.js";

/** Where and how the status line command runs. */
export interface StatusCommand {
  command: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** A command still running after this long is stopped and the line left blank. */
  timeoutMs: number;
}

/**
 * Runs the status line command once, its input JSON on stdin (by /bin/sh, as Claude Code runs
 * it on Linux, with CLAUDE_PROJECT_DIR set); returns its first line of output, or "" when it
 * failed, printed nothing or ran too long (Claude Code blanks the line then).
 */
export async function runStatusCommand(
  status: StatusCommand,
  input: unknown,
  signal: AbortSignal,
): Promise<string> {
  const result = await runCommandHook({
    command: status.command,
    timeoutMs: status.timeoutMs,
    stdinJson: JSON.stringify(input),
    cwd: status.cwd,
    env: { ...status.env, CLAUDE_PROJECT_DIR: status.cwd },
    signal,
  });
  if (result.kind !== "exited" || result.exitCode !== 0) return "";
  return (result.stdout.split("\n")[0] ?? "").trimEnd();
}
