import { isModelError, type ModelError } from "../model/errors.js";
import type { ModelProvider, ModelRequest } from "../model/provider.js";
import { type RetryOptions, streamWithRetry } from "../model/retry.js";
import type { AssistantContentBlock, StopReason } from "../protocol/content.js";
import type { StreamMessageStart } from "../protocol/events.js";
import { emptyUsage, type Usage, usageFromWire } from "../protocol/usage.js";
import { assistantErrorKind } from "./assistant-error.js";
import type { SdkAssistantMessage, SdkMessage, SdkResult, SdkSystemInit } from "./sdk-messages.js";
import { UsageTracker } from "./usage-tracker.js";

/** Everything one headless turn of a single model request needs. */
export interface SingleRequestTurnParams {
  provider: ModelProvider;
  request: ModelRequest;
  signal: AbortSignal;
  retry?: Partial<RetryOptions>;
  init: Omit<SdkSystemInit, "type" | "subtype" | "uuid" | "session_id">;
  sessionId: string;
  includePartialMessages: boolean;
  deps: { uuid(): string; now(): number };
}

/** What the turn learned from the response stream. */
interface TurnProgress {
  start?: StreamMessageStart;
  usage: Usage;
  lastBlock?: AssistantContentBlock;
  stopReason: StopReason | null;
}

/**
 * One headless turn that makes a single model request (no tools yet): system/init, one
 * assistant message per completed block, api_retry notices, and a result, as the Claude
 * Agent SDK shapes them. An API failure after retries ends as Claude Code ends it: an
 * assistant message with the error, then a `success` result with `is_error`.
 */
export async function* runSingleRequestTurn(
  params: SingleRequestTurnParams,
): AsyncGenerator<SdkMessage, void, undefined> {
  const { deps, sessionId } = params;
  const startedAt = deps.now();
  yield {
    type: "system",
    subtype: "init",
    ...params.init,
    session_id: sessionId,
    uuid: deps.uuid(),
  };

  const tracker = new UsageTracker();
  const progress: TurnProgress = { usage: emptyUsage(), stopReason: null };
  let failure: ModelError | undefined;
  let requestStartedAt = deps.now();
  try {
    for await (const event of streamWithRetry(
      params.provider,
      params.request,
      params.signal,
      params.retry ?? {},
    )) {
      switch (event.type) {
        case "stream_event":
          if (event.event.type === "message_start") {
            progress.start = event.event.message;
            progress.usage = usageFromWire(event.event.message.usage);
          }
          if (params.includePartialMessages) {
            yield streamEventMessage(params, event.event);
          }
          break;
        case "block":
          progress.lastBlock = event.block;
          yield assistantMessage(params, progress, event.block);
          break;
        case "retry":
          tracker.addApiTime(deps.now() - requestStartedAt);
          requestStartedAt = deps.now() + event.delayMs;
          yield {
            type: "system",
            subtype: "api_retry",
            attempt: event.attempt,
            max_retries: event.maxRetries,
            retry_delay_ms: event.delayMs,
            error_status: event.error.status ?? null,
            error: assistantErrorKind(event.error.kind),
            session_id: sessionId,
            uuid: deps.uuid(),
          };
          break;
        case "response":
          progress.stopReason = event.response.stopReason;
          tracker.add(event.response.model, event.response.usage, deps.now() - requestStartedAt);
          break;
      }
    }
  } catch (error) {
    if (!isModelError(error)) throw error;
    tracker.addApiTime(Math.max(0, deps.now() - requestStartedAt));
    failure = error;
  }

  if (failure && failure.kind !== "aborted") {
    yield apiErrorMessage(params, failure);
  }
  yield resultMessage(params, tracker, progress, failure, deps.now() - startedAt);
}

function streamEventMessage(
  params: SingleRequestTurnParams,
  event: Extract<SdkMessage, { type: "stream_event" }>["event"],
): SdkMessage {
  return {
    type: "stream_event",
    event,
    parent_tool_use_id: null,
    session_id: params.sessionId,
    uuid: params.deps.uuid(),
  };
}

function assistantMessage(
  params: SingleRequestTurnParams,
  progress: TurnProgress,
  block: AssistantContentBlock,
): SdkAssistantMessage {
  return {
    type: "assistant",
    message: {
      id: progress.start?.id ?? params.deps.uuid(),
      type: "message",
      role: "assistant",
      model: progress.start?.model ?? params.request.model,
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: progress.usage,
    },
    parent_tool_use_id: null,
    session_id: params.sessionId,
    uuid: params.deps.uuid(),
  };
}

/** The text Claude Code shows for a failed request. */
export function apiErrorText(error: ModelError): string {
  return `API Error: ${error.message}`;
}

function apiErrorMessage(params: SingleRequestTurnParams, error: ModelError): SdkAssistantMessage {
  return {
    type: "assistant",
    message: {
      id: params.deps.uuid(),
      type: "message",
      role: "assistant",
      model: "<synthetic>",
      content: [{ type: "text", text: apiErrorText(error) }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: emptyUsage(),
    },
    parent_tool_use_id: null,
    session_id: params.sessionId,
    uuid: params.deps.uuid(),
    error: assistantErrorKind(error.kind),
  };
}

function resultMessage(
  params: SingleRequestTurnParams,
  tracker: UsageTracker,
  progress: TurnProgress,
  failure: ModelError | undefined,
  durationMs: number,
): SdkResult {
  const aborted = failure?.kind === "aborted";
  const lastText = progress.lastBlock?.type === "text" ? progress.lastBlock.text : "";
  return {
    type: "result",
    subtype: aborted ? "error_during_execution" : "success",
    is_error: failure !== undefined,
    api_error_status: failure && !aborted ? (failure.status ?? null) : null,
    duration_ms: Math.round(durationMs),
    duration_api_ms: Math.round(tracker.apiDurationMs),
    num_turns: 1,
    ...(aborted
      ? { errors: ["The request was interrupted."] }
      : { result: failure ? apiErrorText(failure) : lastText }),
    stop_reason: progress.stopReason,
    session_id: params.sessionId,
    total_cost_usd: tracker.totalCostUsd,
    usage: tracker.usage,
    modelUsage: tracker.modelUsage(),
    permission_denials: [],
    terminal_reason: aborted ? "aborted_streaming" : "completed",
    uuid: params.deps.uuid(),
  };
}
