import { basename } from "node:path";
import { type ProcessTiming, runProcess } from "../tools/builtin/bash/run-process.js";
import { CappedCapture } from "./capped-capture.js";

/** One command hook to run. */
export interface CommandHookRequest {
  command: string;
  timeoutMs: number;
  /** The event's JSON, written to the hook's stdin. */
  stdinJson: string;
  cwd: string;
  /** The whole environment (the engine adds CLAUDE_PROJECT_DIR). */
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** The shell that runs `command` with `-c` (default /bin/sh, as Claude Code on Linux). */
  shell?: string;
  timing?: Partial<ProcessTiming>;
  /** Characters kept of each stream (default 10,000, Claude Code's cap on hook output). */
  maxOutputChars?: number;
  /** The clock the drain is measured with (default Date.now). */
  now?: () => number;
  /** Told the output so far each time the hook writes (hook_progress messages). */
  onOutput?: (output: { stdout: string; stderr: string }) => void;
}

/** How a command hook ended. */
export type CommandHookResult =
  | {
      kind: "exited";
      /** null when a signal ended it. */
      exitCode: number | null;
      exitSignal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
    }
  | { kind: "timed_out"; timeoutMs: number; stdout: string; stderr: string }
  | { kind: "aborted" }
  | { kind: "spawn_failed"; message: string };

/** Hooks are short: a brief drain after exit, a short grace between SIGTERM and SIGKILL. */
const HOOK_TIMING: ProcessTiming = { drainGraceMs: 100, maxDrainMs: 1_000, killGraceMs: 1_000 };

/** Claude Code caps hook output strings at this many characters. */
export const HOOK_OUTPUT_CHARS = 10_000;

/**
 * Runs one command hook: `shell -c command` in its own process group, the JSON on stdin,
 * output captured (capped). A timeout or an abort stops the whole group (SIGTERM, then
 * SIGKILL); a descendant holding the pipes open only delays the result by the drain. Never
 * throws.
 */
export async function runCommandHook(request: CommandHookRequest): Promise<CommandHookResult> {
  const { onOutput } = request;
  const output = new CappedCapture(
    request.maxOutputChars ?? HOOK_OUTPUT_CHARS,
    onOutput && ((seen) => onOutput({ stdout: seen.peek("stdout"), stderr: seen.peek("stderr") })),
  );
  const shell = request.shell ?? "/bin/sh";
  const outcome = await runProcess({
    shell,
    // Node's pipes are sockets, and bash sources ~/.bashrc when stdin is a socket and SHLVL
    // is below 2; --norc keeps a hook's run from depending on (and printing) the user's rc.
    ...(basename(shell) === "bash" ? { shellFlags: ["--norc"] } : {}),
    script: request.command,
    cwd: request.cwd,
    env: request.env,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    output,
    stdin: request.stdinJson,
    timing: { ...HOOK_TIMING, ...request.timing },
    now: request.now ?? Date.now,
  });
  if (outcome.spawnError) return { kind: "spawn_failed", message: outcome.spawnError.message };
  if (outcome.ending === "aborted") return { kind: "aborted" };
  const stdout = output.text("stdout");
  const stderr = output.text("stderr");
  if (outcome.ending === "timeout") {
    return { kind: "timed_out", timeoutMs: request.timeoutMs, stdout, stderr };
  }
  return {
    kind: "exited",
    exitCode: outcome.exitCode,
    exitSignal: outcome.exitSignal,
    stdout,
    stderr,
  };
}
