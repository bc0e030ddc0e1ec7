import { assistantErrorKind } from "../model/assistant-error-kind.js";
import { isModelError, type ModelError } from "../model/errors.js";
import type { ModelRequest } from "../model/provider.js";
import { createSyntheticAssistantMessage } from "../protocol/factories.js";
import type { ToolUseContext } from "../tools/context.js";
import type { QueryEvent } from "./events.js";
import { orFallback } from "./optional-dep.js";
import type { StreamOutcome, WithheldError } from "./outcome.js";
import type { QueryDeps } from "./params.js";
import { ResponseAttempt } from "./stream/attempt.js";
import { fallbackNotice } from "./stream/notices.js";

/** What a request is made with. */
export interface StreamInputs {
  request: ModelRequest;
  context: ToolUseContext;
  deps: QueryDeps;
  fallbackModel?: string;
  streamingToolExecution: boolean;
}

function withheldKind(error: ModelError): WithheldError["kind"] | undefined {
  if (error.kind === "prompt_too_long" || error.kind === "request_too_large") {
    return "prompt_too_long";
  }
  if (error.kind === "media") return "media";
  return undefined;
}

/** The API-error text Claude Code shows. */
export function apiErrorText(error: ModelError): string {
  return error.kind === "prompt_too_long"
    ? `Prompt is too long (${error.message})`
    : `API Error: ${error.message}`;
}

/**
 * Records how a failed attempt ended: aborted, unexpected, cut after some blocks, withheld for
 * recovery, or an API error that ends the turn (yielded at once).
 */
function* settleFailure(
  error: unknown,
  outcome: StreamOutcome,
  deps: QueryDeps,
): Generator<QueryEvent, StreamOutcome, undefined> {
  if (outcome.context.abortController.signal.aborted || isModelError(error, "aborted")) {
    outcome.aborted = true;
  } else if (!isModelError(error)) {
    outcome.unexpected = { error };
  } else if (error.afterContent) {
    outcome.cutOff = error;
  } else {
    const message = createSyntheticAssistantMessage(
      apiErrorText(error),
      deps.ids,
      assistantErrorKind(error.kind),
      error.status,
    );
    const kind = withheldKind(error);
    if (kind) outcome.withheld = { kind, message };
    else {
      outcome.apiError = message;
      yield message;
    }
  }
  return outcome;
}

/** Repeated overload, and a fallback model to switch to. */
function wantsFallback(error: unknown, fallbackModel: string | undefined): boolean {
  return (
    fallbackModel !== undefined &&
    isModelError(error) &&
    error.info.kind === "overloaded" &&
    error.info.useFallback === true
  );
}

/**
 * Streams one model response: yields raw events and one message per completed block, hands
 * each finished tool_use to the streaming executor, and withholds recoverable errors (prompt
 * too long, media too large, max output tokens) instead of yielding them. On repeated
 * overload with a fallback model, the attempt is discarded (tombstones for what was shown)
 * and the request is made again on the fallback model.
 */
export async function* streamResponse(
  inputs: StreamInputs,
): AsyncGenerator<QueryEvent, StreamOutcome, undefined> {
  const { deps } = inputs;
  let context = inputs.context;
  let request = inputs.request;
  for (;;) {
    const attempt = new ResponseAttempt(context, deps.ids, inputs.streamingToolExecution);
    const signal = context.abortController.signal;
    try {
      yield { type: "stream_request_start" };
      const hasFallbackModel =
        inputs.fallbackModel !== undefined && inputs.fallbackModel !== request.model;
      for await (const event of deps.callModel(request, signal, { hasFallbackModel })) {
        yield* attempt.apply(event);
      }
    } catch (error) {
      const fallback = inputs.fallbackModel;
      if (fallback === undefined || !wantsFallback(error, fallback)) {
        return yield* settleFailure(error, attempt.outcome, deps);
      }
      attempt.outcome.executor?.discard();
      for (const message of attempt.outcome.assistantMessages) yield { type: "tombstone", message };
      yield fallbackNotice(request.model, fallback, deps.ids);
      const from = request.model;
      const told = context;
      await orFallback(() => deps.onModelFallback?.(from, fallback, told), undefined);
      context = { ...context, options: { ...context.options, mainLoopModel: fallback } };
      request = { ...request, model: fallback };
      continue;
    }
    if (signal.aborted) attempt.outcome.aborted = true;
    return attempt.outcome;
  }
}
