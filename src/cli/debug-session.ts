import { runCommandHook } from "../hooks/run-command-hook.js";
import type { ModelProvider } from "../model/provider.js";
import type { LoopTransition } from "../protocol/messages.js";
import { transitionText } from "../session/transcript/trace.js";
import type { CliSessionInputs } from "./cli-session-types.js";
import type { DebugLog } from "./debug-log.js";

type Clock = () => number;

/** Logs each model request: what was sent, when the stream began, how it ended, how long. */
export function debugProvider(provider: ModelProvider, log: DebugLog, clock: Clock): ModelProvider {
  return {
    name: provider.name,
    async *stream(request, signal) {
      const started = clock();
      const agent = request.agent ?? "main";
      log.write(
        "api",
        `request kind=${request.kind} agent=${agent} model=${request.model} messages=${request.messages.length} tools=${request.tools?.length ?? 0} max_tokens=${request.maxTokens}`,
      );
      let first = true;
      try {
        for await (const event of provider.stream(request, signal)) {
          if (first) log.write("api", `stream began after ${clock() - started} ms`);
          first = false;
          if (event.type === "response") {
            const { response } = event;
            log.write(
              "api",
              `response ${response.id} stop_reason=${response.stopReason} input_tokens=${response.usage.input_tokens} output_tokens=${response.usage.output_tokens} after ${clock() - started} ms`,
            );
          }
          yield event;
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.write("api", `request failed after ${clock() - started} ms: ${message}`);
        throw error;
      }
    },
  };
}

/** Logs each permission decision: the tool, allow or deny (with why), how long it took. */
function debugCanUseTool(
  factory: CliSessionInputs["canUseTool"],
  log: DebugLog,
  clock: Clock,
): CliSessionInputs["canUseTool"] {
  return (engine) => {
    const decide = factory(engine);
    return async (tool, input, ...rest) => {
      const started = clock();
      const result = await decide(tool, input, ...rest);
      const why =
        result.behavior === "deny"
          ? `: ${result.message}`
          : result.decisionReason
            ? ` (${result.decisionReason.type}: ${result.decisionReason.reason})`
            : "";
      log.write("permissions", `${tool.name} ${result.behavior}${why} (${clock() - started} ms)`);
      return result;
    };
  };
}

function hookEventName(stdinJson: string): string {
  try {
    const name = (JSON.parse(stdinJson) as { hook_event_name?: unknown }).hook_event_name;
    return typeof name === "string" ? name : "hook";
  } catch {
    return "hook";
  }
}

/** Logs each hook command run: its event and command, how it ended, how long it took. */
function debugHookRunner(
  run: typeof runCommandHook,
  log: DebugLog,
  clock: Clock,
): typeof runCommandHook {
  return async (request) => {
    const event = hookEventName(request.stdinJson);
    log.write("hooks", `${event} running: ${request.command}`);
    const started = clock();
    const result = await run(request);
    const ended =
      result.kind === "exited"
        ? `exit ${result.exitCode ?? result.exitSignal}`
        : result.kind === "timed_out"
          ? `timed out after ${result.timeoutMs} ms`
          : "aborted";
    log.write("hooks", `${event} ${ended} after ${clock() - started} ms: ${request.command}`);
    return result;
  };
}

/** The session inputs a debug log watches: requests, transitions, hooks and permissions. */
export type DebuggedParts = Pick<
  CliSessionInputs,
  "model" | "canUseTool" | "onTransition" | "runHookCommand"
>;

/** Wraps a session's parts so that each writes what it does to the debug log. */
export function withDebugLog(parts: DebuggedParts, log: DebugLog, clock: Clock = Date.now) {
  const { onTransition } = parts;
  return {
    model: { ...parts.model, provider: debugProvider(parts.model.provider, log, clock) },
    canUseTool: debugCanUseTool(parts.canUseTool, log, clock),
    runHookCommand: debugHookRunner(parts.runHookCommand ?? runCommandHook, log, clock),
    onTransition: (transition: LoopTransition, turnCount: number) => {
      log.write("loop", `[turn ${turnCount}] ${transitionText(transition)}`);
      onTransition?.(transition, turnCount);
    },
  } satisfies DebuggedParts;
}
