import type { QueryDeps, StopHookOutcome } from "../loop/params.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
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
  if (outcome.additionalContext.length > 0) result.additionalContext = outcome.additionalContext;
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

/** The text of an assistant message's text blocks. */
function textOf(message: AssistantMessage): string {
  return message.message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/**
 * The engine as the loop's runStopFailureHooks: the API error's kind (the SDK's
 * SDKAssistantMessageError, the matcher's value) and its text, as Claude Code sends them.
 */
export function stopFailureHooks(
  engine: HookEngine,
): NonNullable<QueryDeps["runStopFailureHooks"]> {
  return async (error, context) => {
    const text = textOf(error);
    const input = {
      error: error.error ?? "unknown",
      error_details: text,
      last_assistant_message: text,
      ...agentFields(context),
    };
    await engine.run("StopFailure", input, context.abortController.signal);
  };
}

/** agent_id and agent_type inside a subagent; nothing on the main thread. */
function agentFields(context: ToolUseContext): { agent_id?: string; agent_type?: string } {
  if (context.agentId === undefined) return {};
  return { agent_id: context.agentId, agent_type: context.agentType ?? "" };
}
