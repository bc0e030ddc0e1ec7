import type { ModelRequest } from "../model/provider.js";
import { createSyntheticAssistantMessage } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { buildRequest } from "./build-request.js";
import { messagesAfterCompactBoundary } from "./compact-boundary.js";
import type { QueryEvent } from "./events.js";
import { orFallback } from "./optional-dep.js";
import type { QueryParams } from "./params.js";
import type { AutoCompactTracking, State } from "./state.js";
import type { Terminal } from "./transitions.js";

/** Auto-compaction gives up after this many failures in a row (contracts.md §5). */
export const MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES = 3;

/** What an iteration sends, once prepared. */
export interface Prepared {
  kind: "ready";
  messagesForQuery: Message[];
  context: ToolUseContext;
  request: ModelRequest;
  tracking: AutoCompactTracking | undefined;
}

function trackQueryChain(context: ToolUseContext, uuid: () => string): ToolUseContext {
  const tracking = context.queryTracking
    ? { chainId: context.queryTracking.chainId, depth: context.queryTracking.depth + 1 }
    : { chainId: uuid(), depth: 0 };
  return { ...context, queryTracking: tracking };
}

/** Runs auto-compaction when configured; a failure only counts towards giving up. */
async function* autocompact(
  messages: Message[],
  context: ToolUseContext,
  tracking: AutoCompactTracking | undefined,
  params: QueryParams,
): AsyncGenerator<
  QueryEvent,
  { messages: Message[]; tracking: AutoCompactTracking | undefined; compacted: boolean }
> {
  const compact = params.deps.autocompact;
  const failures = tracking?.consecutiveFailures ?? 0;
  if (!compact || failures >= MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES) {
    return { messages, tracking, compacted: false };
  }
  try {
    const result = await compact(messages, context);
    if (!result) return { messages, tracking, compacted: false };
    for (const message of result.messages) yield message;
    const fresh = {
      compacted: true,
      turnCounter: 0,
      turnId: params.deps.ids.uuid(),
      consecutiveFailures: 0,
    };
    return { messages: result.messages, tracking: fresh, compacted: true };
  } catch {
    const base = tracking ?? {
      compacted: false,
      turnCounter: 0,
      turnId: "",
      consecutiveFailures: 0,
    };
    return { messages, tracking: { ...base, consecutiveFailures: failures + 1 }, compacted: false };
  }
}

/**
 * Phase A of an iteration: query-chain tracking, the messages after the last compact
 * boundary, the context pipeline cheapest first (microcompact, then auto-compaction), the
 * hard-limit check, and the request.
 */
export async function* prepareIteration(
  state: State,
  params: QueryParams,
): AsyncGenerator<QueryEvent, Prepared | Terminal, undefined> {
  const { deps } = params;
  let context = trackQueryChain(state.toolUseContext, () => deps.ids.uuid());
  let messages = messagesAfterCompactBoundary(state.messages);
  const microcompact = deps.microcompact;
  if (microcompact) messages = await orFallback(() => microcompact(messages, context), messages);
  const compacted = yield* autocompact(messages, context, state.autoCompactTracking, params);
  messages = compacted.messages;
  context = { ...context, messages };
  const model = context.options.mainLoopModel;
  // With both reactive and auto compaction on, an overflow is theirs to handle.
  const compactionOwnsOverflow =
    deps.reactiveCompact !== undefined && deps.autocompact !== undefined;
  const atLimit = deps.isAtBlockingLimit;
  if (
    !compacted.compacted &&
    !compactionOwnsOverflow &&
    atLimit &&
    (await orFallback(() => atLimit(messages, model), false))
  ) {
    yield createSyntheticAssistantMessage("Prompt is too long", deps.ids, "invalid_request");
    return { reason: "blocking_limit" };
  }
  const request = buildRequest({
    messages,
    systemPrompt: params.systemPrompt,
    userContext: params.userContext,
    context,
    maxTokens: state.maxOutputTokensOverride ?? params.maxOutputTokens,
    kind: params.requestKind ?? "main",
  });
  return {
    kind: "ready",
    messagesForQuery: messages,
    context,
    request,
    tracking: compacted.tracking,
  };
}
