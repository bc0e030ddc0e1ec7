import {
  createAttachmentMessage,
  createUserMessage,
  type IdSource,
} from "../../protocol/factories.js";
import type { Message } from "../../protocol/messages.js";
import { continueWith, type Decision, type Iteration, terminal } from "../decision.js";
import type { StopHookOutcome } from "../params.js";

function warning(content: string, ids: IdSource): Message {
  return {
    type: "system",
    subtype: "informational",
    level: "warning",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    content,
  };
}

/** Consecutive stop-hook blocks after which the turn ends anyway (contracts.md §5). */
export const MAX_CONSECUTIVE_STOP_HOOK_BLOCKS = 5;

/**
 * The model finished without tool calls: the Stop hooks may send it back to work (their
 * feedback becomes meta user messages, their additionalContext the model's context), or stop
 * the turn. Keeps hasAttemptedReactiveCompact:
 * resetting it here once let compaction and a hook feed each other forever.
 */
export async function* stopHookStep({
  state,
  params,
  messagesForQuery,
  outcome,
  locals,
}: Iteration): AsyncGenerator<Message, Decision | undefined, undefined> {
  const run = params.deps.runStopHooks;
  if (!run) return undefined;
  const ids = params.deps.ids;
  const history = [...messagesForQuery, ...outcome.assistantMessages];
  let result: StopHookOutcome;
  try {
    result = await run(history, outcome.context, state.stopHookActive === true);
  } catch (error) {
    yield warning(
      `Stop hook failed: ${error instanceof Error ? error.message : String(error)}`,
      ids,
    );
    return undefined;
  }
  if (outcome.context.abortController.signal.aborted) {
    // Stopped while the hooks ran: the turn ends here, as if a hook had stopped it.
    return terminal({ reason: "stop_hook_prevented" });
  }
  if (result.preventContinuation) {
    yield createAttachmentMessage(
      {
        type: "hook_stopped_continuation",
        hookName: result.preventContinuation.hookName,
        message: result.preventContinuation.reason,
      },
      ids,
    );
    return terminal({ reason: "stop_hook_prevented" });
  }
  const context = result.additionalContext ?? [];
  if (result.blockingErrors.length === 0 && context.length === 0) return undefined;
  if (locals.stopHookBlocks >= MAX_CONSECUTIVE_STOP_HOOK_BLOCKS) {
    const senders = [...result.blockingErrors, ...context].map((e) => e.hookName);
    const names = [...new Set(senders)].join(", ");
    yield warning(
      `Stop hook ${names} blocked the end of the turn ${MAX_CONSECUTIVE_STOP_HOOK_BLOCKS} times in a row; ending the turn anyway.`,
      ids,
    );
    return terminal({ reason: "completed" });
  }
  locals.stopHookBlocks += 1;
  const feedback: Message[] = result.blockingErrors.map((e) =>
    createUserMessage(`${e.hookName} hook feedback:\n${e.message}`, ids, { isMeta: true }),
  );
  // Context is not an error: it reaches the model as any hook's context does, and it goes on.
  for (const { hookName, content } of context) {
    feedback.push(
      createAttachmentMessage({ type: "hook_additional_context", hookName, content }, ids),
    );
  }
  for (const message of feedback) yield message;
  return continueWith(state, {
    messages: [...history, ...feedback],
    toolUseContext: outcome.context,
    maxOutputTokensRecoveryCount: 0,
    stopHookActive: true,
    transition: { reason: "stop_hook_blocking" },
  });
}
