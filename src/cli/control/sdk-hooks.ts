import { randomUUID } from "node:crypto";
import type { HooksConfig } from "../../hooks/config.js";
import {
  type CommandHookRequest,
  type CommandHookResult,
  runCommandHook,
} from "../../hooks/run-command-hook.js";
import type { ControlChannel } from "./channel.js";
import type { SdkHookRegistration } from "./initialize.js";

/** The hook "command" that stands for an SDK callback (shown in hook notices). */
export function sdkHookCommand(callbackId: string): string {
  return `SDK hook callback ${callbackId}`;
}

/**
 * The SDK's hook callbacks as hooks config: each callback is a hook of its event and matcher,
 * so the hook engine matches, times out and interprets them exactly like settings hooks.
 */
export function sdkHooksConfig(hooks: readonly SdkHookRegistration[]): HooksConfig {
  const config: HooksConfig = {};
  for (const hook of hooks) {
    const groups = config[hook.event] ?? [];
    groups.push({
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      hooks: [
        {
          type: "command",
          command: sdkHookCommand(hook.callbackId),
          ...(hook.timeoutSeconds === undefined ? {} : { timeout: hook.timeoutSeconds }),
        },
      ],
    });
    config[hook.event] = groups;
  }
  return config;
}

function callbackInput(stdinJson: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(stdinJson);
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/** One hook_callback round trip; the answer reads like a hook that printed JSON and exited 0. */
async function askCallback(
  channel: ControlChannel,
  callbackId: string,
  request: CommandHookRequest,
): Promise<CommandHookResult> {
  const input = callbackInput(request.stdinJson);
  const toolUseId = typeof input.tool_use_id === "string" ? input.tool_use_id : randomUUID();
  const deadline = new AbortController();
  const onAbort = () => deadline.abort();
  request.signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  try {
    const output = await channel.request(
      { subtype: "hook_callback", callback_id: callbackId, input, tool_use_id: toolUseId },
      deadline.signal,
    );
    return {
      kind: "exited",
      exitCode: 0,
      exitSignal: null,
      stdout: JSON.stringify(output),
      stderr: "",
    };
  } catch (error) {
    if (request.signal.aborted) return { kind: "aborted" };
    if (deadline.signal.aborted) {
      return { kind: "timed_out", timeoutMs: request.timeoutMs, stdout: "", stderr: "" };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "exited", exitCode: 1, exitSignal: null, stdout: "", stderr: message };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
  }
}

/**
 * The hook engine's command runner with SDK callbacks in it: a callback's "command" becomes a
 * hook_callback request over the control channel; every other command runs as a process.
 */
export function sdkHookRunner(
  channel: ControlChannel,
  hooks: readonly SdkHookRegistration[],
  runCommand: typeof runCommandHook = runCommandHook,
): typeof runCommandHook {
  const byCommand = new Map(hooks.map((h) => [sdkHookCommand(h.callbackId), h.callbackId]));
  return (request) => {
    const callbackId = byCommand.get(request.command);
    return callbackId === undefined
      ? runCommand(request)
      : askCallback(channel, callbackId, request);
  };
}
