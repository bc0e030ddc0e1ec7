import { execFile } from "node:child_process";
import { ModelError } from "./errors.js";

/** How long a helper's key is used before the helper runs again (Claude Code's 5 minutes). */
export const DEFAULT_KEY_HELPER_TTL_MS = 5 * 60_000;

/** What one run of the helper's command gave. */
export interface HelperRun {
  /** The exit code; null when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the helper's command once (injected so tests can count runs without a shell). */
export type RunHelper = (command: string, signal: AbortSignal) => Promise<HelperRun>;

/**
 * Claude Code's `apiKeyHelper`: a shell command whose output is the API key. The key is kept
 * for the TTL, and dropped when the API refuses it (a 401), so the next request runs the
 * helper again.
 */
export interface KeyHelper {
  readonly command: string;
  /** The key: the kept one while it is fresh, else the helper's output. Throws a ModelError. */
  key(signal: AbortSignal): Promise<string>;
  /** Drops the kept key. */
  forget(): void;
}

/** Settings of a key helper. */
export interface KeyHelperOptions {
  command: string;
  ttlMs: number;
  run: RunHelper;
  now: () => number;
}

function helperError(command: string, detail: string): ModelError {
  return new ModelError({ kind: "auth" }, `apiKeyHelper "${command}" ${detail}`);
}

/** The key a run printed, or the ModelError that says why there is none. */
function keyOf(command: string, run: HelperRun): string {
  const stderr = run.stderr.trim();
  if (run.code !== 0) {
    const how = run.code === null ? "was killed" : `exited with status ${run.code}`;
    throw helperError(command, `${how}${stderr ? `: ${stderr}` : ""}`);
  }
  const key = run.stdout.trim();
  if (key === "") throw helperError(command, "printed no key (its output was empty)");
  return key;
}

/** A key helper over `options.run`; concurrent requests share one run. */
export function createKeyHelper(options: KeyHelperOptions): KeyHelper {
  let kept: { key: string; at: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchKey = async (signal: AbortSignal): Promise<string> => {
    const run = await options.run(options.command, signal).catch((error: unknown) => {
      if (signal.aborted) throw new ModelError({ kind: "aborted" }, "the request was aborted");
      throw helperError(options.command, `could not run: ${(error as Error).message}`);
    });
    const key = keyOf(options.command, run);
    kept = { key, at: options.now() };
    return key;
  };
  return {
    command: options.command,
    key(signal) {
      if (kept && options.now() - kept.at < options.ttlMs) return Promise.resolve(kept.key);
      pending ??= fetchKey(signal).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget() {
      kept = undefined;
    },
  };
}

/** Runs `command` with /bin/sh in `cwd`, as Claude Code runs its helper. */
export function shellHelperRunner(cwd: string, env: Record<string, string | undefined>): RunHelper {
  return (command, signal) =>
    new Promise((resolve, reject) => {
      execFile(
        "/bin/sh",
        ["-c", command],
        { cwd, env, signal, maxBuffer: 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          if (error && code === null && !error.signal) reject(error);
          else resolve({ code, stdout, stderr });
        },
      );
    });
}

/** CLAUDE_CODE_API_KEY_HELPER_TTL_MS as a number of milliseconds (the default when unset or invalid). */
export function keyHelperTtlMs(env: Record<string, string | undefined>): number {
  const value = env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS?.trim();
  if (!value || !/^\d+$/.test(value)) return DEFAULT_KEY_HELPER_TTL_MS;
  return Number(value);
}
