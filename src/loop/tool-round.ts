import { textOf } from "../protocol/content.js";
import { createAttachmentMessage, createUserMessage } from "../protocol/factories.js";
import type { AssistantMessage, Message, ToolUseSummaryMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { runTools } from "../tools/run-tools.js";
import {
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
  SYNTHETIC_TOOL_RESULT_PLACEHOLDER,
} from "../tools/tool-errors.js";
import { type Decision, type Iteration, terminal } from "./decision.js";
import { missingToolResults } from "./missing-tool-results.js";
import { droppedToolCallNote, resumeAfterCut } from "./notes.js";
import { orFallback } from "./optional-dep.js";
import type { QueryParams, ToolRoundSummaryInput } from "./params.js";
import { postToolBatch } from "./post-tool-batch.js";

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

/** How long the next iteration waits for a round's label before going on without it. */
const DEFAULT_SUMMARY_TIMEOUT_MS = 15_000;

/** Resolves null once the signal aborts: a bound for work that may ignore its signal. */
function nullOnAbort(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener("abort", () => resolve(null), { once: true });
  });
}

/** Starts the round's one-line label in the background (main thread only); null on failure. */
function startSummary(
  iteration: Iteration,
  results: readonly Message[],
): Promise<ToolUseSummaryMessage | null> | undefined {
  const summarize = iteration.params.deps.summarizeToolRound;
  const { outcome } = iteration;
  const signal = outcome.context.abortController.signal;
  if (!summarize || outcome.context.agentId !== undefined || signal.aborted) return undefined;
  const outputs = new Map<string, unknown>();
  for (const m of results) {
    if (m.type !== "user" || !Array.isArray(m.message.content)) continue;
    for (const b of m.message.content)
      if (b.type === "tool_result") outputs.set(b.tool_use_id, b.content);
  }
  const lastText = outcome.assistantMessages.findLast((m) => m.message.content[0]?.type === "text");
  const input: ToolRoundSummaryInput = {
    lastAssistantText: lastText ? textOf(lastText.message.content) : "",
    tools: outcome.toolUseBlocks.map((b) => ({
      name: b.name,
      input: b.input,
      output: outputs.get(b.id),
    })),
  };
  const ids = iteration.params.deps.ids;
  const precedingToolUseIds = outcome.toolUseBlocks.map((b) => b.id);
  const timeout = iteration.params.toolUseSummaryTimeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(timeout)]);
  const label = summarize(input, bounded).catch(() => null);
  return Promise.race([label, nullOnAbort(bounded)]).then(
    (summary): ToolUseSummaryMessage | null =>
      summary === null
        ? null
        : { type: "tool_use_summary", uuid: ids.uuid(), summary, precedingToolUseIds },
  );
}

function maxTurnsReached(params: QueryParams, nextTurnCount: number): boolean {
  return params.maxTurns !== undefined && nextTurnCount > params.maxTurns;
}

function maxTurnsAttachment(params: QueryParams, turnCount: number): Message {
  return createAttachmentMessage(
    { type: "max_turns_reached", maxTurns: params.maxTurns!, turnCount },
    params.deps.ids,
  );
}

/** The notes that follow the results: a cut-off stream, a call the output limit dropped. */
function* roundNotes(iteration: Iteration, results: Message[]): Generator<Message> {
  const { outcome, params } = iteration;
  const texts = [
    ...(outcome.cutOff ? [resumeAfterCut(true)] : []),
    ...(outcome.droppedToolUse ? [droppedToolCallNote(outcome.droppedToolUse.name)] : []),
  ];
  for (const text of texts) {
    const note = createUserMessage(text, params.deps.ids, { isMeta: true });
    results.push(note);
    yield note;
  }
}

/** Attachments after the results (never interleaved with them); a failing source adds none. */
async function* attachments(
  iteration: Iteration,
  context: ToolUseContext,
  results: Message[],
): AsyncGenerator<Message, void, undefined> {
  const collect = iteration.params.deps.collectAttachments;
  if (!collect) return;
  const history = [
    ...iteration.messagesForQuery,
    ...iteration.outcome.assistantMessages,
    ...results,
  ];
  for (const message of await orFallback(() => collect(context, history), [])) {
    results.push(message);
    yield message;
  }
}

/** The tools for the next request (an MCP server may have connected mid-turn). */
async function refreshedTools(context: ToolUseContext): Promise<ToolUseContext> {
  const refresh = context.options.refreshTools;
  if (!refresh) return context;
  const tools = await orFallback(() => refresh(), context.options.tools);
  return { ...context, options: { ...context.options, tools } };
}

/**
 * The tool path (seed 000's phases 1–8): run the tools, start the summary, stop on abort or a
 * hook's stop, add attachments after the results, refresh the tools, check max turns, and
 * build the next state.
 */
export async function* toolRound(
  iteration: Iteration,
): AsyncGenerator<Message, Decision, undefined> {
  const { state, params, messagesForQuery, outcome } = iteration;
  const collected = yield* collectToolResults(iteration);
  const results = collected.results;
  yield* roundNotes(iteration, results);
  const pendingToolUseSummary = startSummary(iteration, results);
  const nextTurnCount = state.turnCount + 1;

  const signal = collected.context.abortController.signal;
  if (signal.aborted) {
    if (signal.reason !== "interrupt") {
      yield createUserMessage(INTERRUPT_MESSAGE_FOR_TOOL_USE, params.deps.ids);
    }
    if (maxTurnsReached(params, nextTurnCount)) yield maxTurnsAttachment(params, nextTurnCount);
    return terminal({ reason: "aborted_tools" });
  }
  if (
    results.some(
      (m) => m.type === "attachment" && m.attachment.type === "hook_stopped_continuation",
    )
  ) {
    return terminal({ reason: "hook_stopped" });
  }
  const batchStop = yield* postToolBatch(iteration, collected.context, results);
  if (batchStop) return batchStop;
  yield* attachments(iteration, collected.context, results);
  const context = await refreshedTools(collected.context);
  if (maxTurnsReached(params, nextTurnCount)) {
    yield maxTurnsAttachment(params, nextTurnCount);
    return terminal({ reason: "max_turns", turnCount: nextTurnCount });
  }
  iteration.locals.stopHookBlocks = 0;
  const tracking = state.autoCompactTracking?.compacted
    ? { ...state.autoCompactTracking, turnCounter: state.autoCompactTracking.turnCounter + 1 }
    : state.autoCompactTracking;
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
