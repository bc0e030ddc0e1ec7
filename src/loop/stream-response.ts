import { assistantErrorKind } from "../model/assistant-error-kind.js";
import { isModelError, type ModelError } from "../model/errors.js";
import type { ModelRequest } from "../model/provider.js";
import type { StreamMessageStart } from "../protocol/events.js";
import { createSyntheticAssistantMessage } from "../protocol/factories.js";
import type { ToolUseContext } from "../tools/context.js";
import { StreamingToolExecutor } from "../tools/streaming-executor.js";
import { blockMessage, finalizeBlockMessages } from "./assistant-message.js";
import type { QueryEvent } from "./events.js";
import type { StreamOutcome, WithheldError } from "./outcome.js";
import type { QueryDeps } from "./params.js";

/** What a request is made with. */
export interface StreamInputs {
  request: ModelRequest;
  context: ToolUseContext;
  deps: QueryDeps;
  fallbackModel?: string;
  streamingToolExecution: boolean;
}

function withheldKind(error: ModelError): WithheldError["kind"] | undefined {
  if (error.kind === "prompt_too_long" || error.kind === "request_too_large")
    return "prompt_too_long";
  if (error.kind === "media") return "media";
  return undefined;
}

/** The API-error text Claude Code shows. */
export function apiErrorText(error: ModelError): string {
  return error.kind === "prompt_too_long"
    ? `Prompt is too long (${error.message})`
    : `API Error: ${error.message}`;
}

function switchModel(context: ToolUseContext, model: string): ToolUseContext {
  return { ...context, options: { ...context.options, mainLoopModel: model } };
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
    const signal = context.abortController.signal;
    const executor = inputs.streamingToolExecution
      ? new StreamingToolExecutor(context, deps.ids)
      : undefined;
    const outcome: StreamOutcome = {
      assistantMessages: [],
      toolUseBlocks: [],
      earlyResults: [],
      needsFollowUp: false,
      aborted: false,
      outputTokens: 0,
      context,
      ...(executor ? { executor } : {}),
    };
    let start: StreamMessageStart | undefined;
    let requestId: string | undefined;
    try {
      yield { type: "stream_request_start" };
      const events = deps.callModel(request, signal, {
        hasFallbackModel:
          inputs.fallbackModel !== undefined && inputs.fallbackModel !== request.model,
      });
      for await (const event of events) {
        switch (event.type) {
          case "stream_event":
            if (event.event.type === "message_start") start = event.event.message;
            yield event.event;
            // Results of tools that finished mid-stream go out at once, not at the next block.
            if (executor) yield* drainCompleted(executor, outcome);
            break;
          case "block": {
            const message = blockMessage(start!, event.block, deps.ids, requestId);
            outcome.assistantMessages.push(message);
            yield message;
            if (event.block.type === "tool_use") {
              outcome.toolUseBlocks.push(event.block);
              outcome.needsFollowUp = true;
              executor?.addTool(event.block, message);
            }
            if (executor) yield* drainCompleted(executor, outcome);
            break;
          }
          case "retry":
            yield retryNotice(event, deps);
            break;
          case "response":
            requestId = event.response.requestId;
            finalizeBlockMessages(outcome.assistantMessages, event.response);
            outcome.outputTokens = event.response.usage.output_tokens;
            if (event.response.stopReason === "max_tokens" && !outcome.needsFollowUp) {
              outcome.withheld = {
                kind: "max_output_tokens",
                message: createSyntheticAssistantMessage(
                  "Response stopped at the output token limit.",
                  deps.ids,
                  "max_output_tokens",
                ),
              };
            }
            break;
        }
      }
    } catch (error) {
      if (signal.aborted || isModelError(error, "aborted")) {
        outcome.aborted = true;
        return outcome;
      }
      if (!isModelError(error)) {
        outcome.unexpected = { error };
        return outcome;
      }
      if (error.info.kind === "overloaded" && error.info.useFallback && inputs.fallbackModel) {
        executor?.discard();
        for (const message of outcome.assistantMessages) yield { type: "tombstone", message };
        const original = request.model;
        context = switchModel(context, inputs.fallbackModel);
        request = { ...request, model: inputs.fallbackModel };
        yield fallbackNotice(original, inputs.fallbackModel, deps);
        continue;
      }
      if (error.afterContent) {
        outcome.cutOff = error;
        return outcome;
      }
      const kind = withheldKind(error);
      const message = createSyntheticAssistantMessage(
        apiErrorText(error),
        deps.ids,
        assistantErrorKind(error.kind),
        error.status,
      );
      if (kind) outcome.withheld = { kind, message };
      else {
        outcome.apiError = message;
        yield message;
      }
      return outcome;
    }
    if (signal.aborted) outcome.aborted = true;
    return outcome;
  }
}

/** Yields the executor's finished results and keeps them (progress is for the UI only). */
function* drainCompleted(
  executor: StreamingToolExecutor,
  outcome: StreamOutcome,
): Generator<QueryEvent> {
  for (const update of executor.getCompletedResults()) {
    if (!update.message) continue;
    if (update.message.type !== "progress") outcome.earlyResults.push(update.message);
    yield update.message;
  }
}

function retryNotice(
  event: { attempt: number; maxRetries: number; delayMs: number; error: ModelError },
  deps: QueryDeps,
): QueryEvent {
  return {
    type: "system",
    subtype: "api_retry",
    uuid: deps.ids.uuid(),
    timestamp: deps.ids.timestamp(),
    attempt: event.attempt,
    maxRetries: event.maxRetries,
    retryDelayMs: event.delayMs,
    errorStatus: event.error.status ?? null,
    error: assistantErrorKind(event.error.kind),
  };
}

function fallbackNotice(original: string, fallback: string, deps: QueryDeps): QueryEvent {
  return {
    type: "system",
    subtype: "informational",
    level: "warning",
    uuid: deps.ids.uuid(),
    timestamp: deps.ids.timestamp(),
    content: `Switched to ${fallback} due to high demand for ${original}`,
  };
}
