import type { CommandHookResult } from "./run-command-hook.js";

/**
 * A hook starting, writing output, or ending, for `--include-hook-events` (system/hook_started,
 * hook_progress, hook_response).
 */
export type HookLifecycleEvent =
  | {
      kind: "started";
      hookId: string;
      hookName: string;
      hookEvent: string;
      /** The hook's `statusMessage`: what the REPL shows while it runs. */
      statusMessage?: string;
    }
  | {
      kind: "progress";
      hookId: string;
      hookName: string;
      hookEvent: string;
      stdout: string;
      stderr: string;
    }
  | {
      kind: "response";
      hookId: string;
      hookName: string;
      hookEvent: string;
      ended: CommandHookResult;
    };

/** The SDK's hook_response fields for how a hook ended. */
export function responseFields(ended: CommandHookResult): {
  stdout: string;
  stderr: string;
  output: string;
  exit_code?: number;
  outcome: "success" | "error" | "cancelled";
} {
  switch (ended.kind) {
    case "aborted":
      return { stdout: "", stderr: "", output: "", outcome: "cancelled" };
    case "spawn_failed":
      return { stdout: "", stderr: ended.message, output: ended.message, outcome: "error" };
    case "timed_out":
      return { stdout: ended.stdout, stderr: ended.stderr, output: ended.stdout, outcome: "error" };
    case "exited": {
      const code = ended.exitCode ?? undefined;
      return {
        stdout: ended.stdout,
        stderr: ended.stderr,
        output: ended.stdout,
        ...(code === undefined ? {} : { exit_code: code }),
        outcome: code === 0 ? "success" : "error",
      };
    }
  }
}
