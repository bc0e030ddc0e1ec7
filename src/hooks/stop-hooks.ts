import type { QueryDeps, StopHookOutcome } from "../loop/params.js";
import type { Message } from "../protocol/messages.js";
import type { HookEngine } from "./engine.js";
import type { HookRunOutcome } from "./merge-results.js";

/** Options for the Stop adapter. */
export interface StopHooksOptions {
  /** Where a subagent's transcript is (SubagentStop's agent_transcript_path). */
  agentTranscriptPath?: (agentId: string) => string;
}

/** The text of the last assistant message (Claude Code's last_assistant_message). */
export function lastAssistantText(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.type !== "assistant") continue;
    const texts = message.message.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
    return texts.join("\n");
  }
  return undefined;
}

/** A Stop/SubagentStop run as the loop reads it. */
export function toStopHookOutcome(outcome: HookRunOutcome): StopHookOutcome {
  const result: StopHookOutcome = {
    blockingErrors: outcome.blockingErrors.map(({ hookName, message }) => ({ hookName, message })),
  };
  if (outcome.preventContinuation) result.preventContinuation = outcome.preventContinuation;
  return result;
}

/**
 * The engine as the loop's runStopHooks: Stop on the main thread, SubagentStop inside a
 * subagent (context.agentId set); stop_hook_active passed through so hooks can avoid loops.
 */
export function stopHooks(
  engine: HookEngine,
  options: StopHooksOptions = {},
): NonNullable<QueryDeps["runStopHooks"]> {
  return async (messages, context, stopHookActive) => {
    const signal = context.abortController.signal;
    const last = lastAssistantText(messages);
    const lastField = last === undefined ? {} : { last_assistant_message: last };
    const agentId = context.agentId;
    if (agentId === undefined) {
      const input = { stop_hook_active: stopHookActive, ...lastField };
      return toStopHookOutcome(await engine.run("Stop", input, signal));
    }
    const transcript = options.agentTranscriptPath?.(agentId);
    const input = {
      stop_hook_active: stopHookActive,
      agent_id: agentId,
      agent_type: context.agentType ?? "",
      ...(transcript === undefined ? {} : { agent_transcript_path: transcript }),
      ...lastField,
    };
    return toStopHookOutcome(await engine.run("SubagentStop", input, signal));
  };
}
