import { textOf } from "../protocol/content.js";
import { createAttachmentMessage, createUserMessage } from "../protocol/factories.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { runTools } from "../tools/run-tools.js";
import {
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
  SYNTHETIC_TOOL_RESULT_PLACEHOLDER,
} from "../tools/tool-errors.js";
import { type Decision, type Iteration, terminal } from "./decision.js";
import { missingToolResults } from "./missing-tool-results.js";
import type { QueryParams, ToolRoundSummaryInput } from "./params.js";

const CUT_OFF_NOTE =
  "Your previous response was cut off mid-stream (the connection failed) after the tool calls above. Their results are here; continue from where you stopped.";

/** Runs the round's tools (draining the streaming executor, or in batches) and collects results. */
async function* collectToolResults(
  iteration: Iteration,
): AsyncGenerator<Message, { results: Message[]; context: ToolUseContext }, undefined> {
  const { outcome, params } = iteration;
  const results: Message[] = [...outcome.earlyResults];
  let context = outcome.context;
  const keep = (message: Message) => {
    if (message.type !== "progress") results.push(message);
  };
  if (outcome.executor) {
    for await (const update of outcome.executor.getRemainingResults()) {
      if (!update.message) continue;
      keep(update.message);
      yield update.message;
    }
    context = outcome.executor.getUpdatedContext();
  } else {
    const byId = new Map<string, AssistantMessage>();
    for (const m of outcome.assistantMessages) {
      for (const b of m.message.content) if (b.type === "tool_use") byId.set(b.id, m);
    }
    for await (const update of runTools(
      outcome.toolUseBlocks,
      (b) => byId.get(b.id)!,
      context,
      params.deps.ids,
    )) {
      context = update.context;
      if (!update.message) continue;
      keep(update.message);
      yield update.message;
    }
  }
  const interrupted = context.abortController.signal.aborted;
  for (const missing of missingToolResults(
    outcome.assistantMessages,
    results,
    interrupted ? INTERRUPT_MESSAGE_FOR_TOOL_USE : SYNTHETIC_TOOL_RESULT_PLACEHOLDER,
    params.deps.ids,
  )) {
    keep(missing);
    yield missing;
  }
  return { results, context };
}

/** Starts the round's one-line summary in the background (main thread only). */
function startSummary(
  iteration: Iteration,
  results: readonly Message[],
): Promise<string | null> | undefined {
  const summarize = iteration.params.deps.summarizeToolRound;
  const context = iteration.outcome.context;
  if (!summarize || context.agentId !== undefined || context.abortController.signal.aborted)
    return undefined;
  const outputs = new Map<string, unknown>();
  for (const m of results) {
    if (m.type === "user" && Array.isArray(m.message.content)) {
      for (const b of m.message.content)
        if (b.type === "tool_result") outputs.set(b.tool_use_id, b.content);
    }
  }
  const lastText = [...iteration.outcome.assistantMessages]
    .reverse()
    .find((m) => m.message.content[0]?.type === "text");
  const input: ToolRoundSummaryInput = {
    lastAssistantText: lastText ? textOf(lastText.message.content) : "",
    tools: iteration.outcome.toolUseBlocks.map((b) => ({
      name: b.name,
      input: b.input,
      output: outputs.get(b.id),
    })),
  };
  return summarize(input, context.abortController.signal).catch(() => null);
}

function maxTurnsReached(params: QueryParams, nextTurnCount: number): boolean {
  return params.maxTurns !== undefined && nextTurnCount > params.maxTurns;
}

/**
 * The tool path (seed 000's phases 1–8): run the tools, start the summary, stop on abort or a
 * hook's stop, add attachments after the results (never interleaved), refresh the tools,
 * check max turns, and build the next state.
 */
export async function* toolRound(
  iteration: Iteration,
): AsyncGenerator<Message, Decision, undefined> {
  const { state, params, messagesForQuery, outcome } = iteration;
  const ids = params.deps.ids;
  const collected = yield* collectToolResults(iteration);
  const results = collected.results;
  let context = collected.context;
  if (outcome.cutOff) {
    const note = createUserMessage(CUT_OFF_NOTE, ids, { isMeta: true });
    results.push(note);
    yield note;
  }
  const pendingToolUseSummary = startSummary(iteration, results);
  const nextTurnCount = state.turnCount + 1;

  if (context.abortController.signal.aborted) {
    if (context.abortController.signal.reason !== "interrupt") {
      yield createUserMessage(INTERRUPT_MESSAGE_FOR_TOOL_USE, ids);
    }
    if (maxTurnsReached(params, nextTurnCount)) {
      yield createAttachmentMessage(
        { type: "max_turns_reached", maxTurns: params.maxTurns!, turnCount: nextTurnCount },
        ids,
      );
    }
    return terminal({ reason: "aborted_tools" });
  }
  if (
    results.some(
      (m) => m.type === "attachment" && m.attachment.type === "hook_stopped_continuation",
    )
  ) {
    return terminal({ reason: "hook_stopped" });
  }
  const tracking = state.autoCompactTracking?.compacted
    ? { ...state.autoCompactTracking, turnCounter: state.autoCompactTracking.turnCounter + 1 }
    : state.autoCompactTracking;
  if (params.deps.collectAttachments) {
    for (const message of await params.deps.collectAttachments(context, [
      ...messagesForQuery,
      ...outcome.assistantMessages,
      ...results,
    ])) {
      results.push(message);
      yield message;
    }
  }
  const refreshed = context.options.refreshTools?.();
  if (refreshed) context = { ...context, options: { ...context.options, tools: refreshed } };
  if (maxTurnsReached(params, nextTurnCount)) {
    yield createAttachmentMessage(
      { type: "max_turns_reached", maxTurns: params.maxTurns!, turnCount: nextTurnCount },
      ids,
    );
    return terminal({ reason: "max_turns", turnCount: nextTurnCount });
  }
  iteration.locals.stopHookBlocks = 0;
  return {
    kind: "continue",
    state: {
      messages: [...messagesForQuery, ...outcome.assistantMessages, ...results],
      toolUseContext: context,
      autoCompactTracking: tracking,
      maxOutputTokensRecoveryCount: 0,
      hasAttemptedReactiveCompact: false,
      maxOutputTokensOverride: undefined,
      pendingToolUseSummary,
      stopHookActive: state.stopHookActive,
      turnCount: nextTurnCount,
      transition: { reason: "next_turn" },
    },
  };
}
