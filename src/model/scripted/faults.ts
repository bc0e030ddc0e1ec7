import type { AssistantContentBlock } from "../../protocol/content.js";
import type { StreamEvent } from "../../protocol/events.js";
import { firstHalf } from "./chunking.js";
import { responseUsage } from "./estimate.js";
import {
  blockDeltas,
  blockEvents,
  messageEnd,
  messageStart,
  type RenderContext,
  renderEvents,
  withPing,
} from "./render.js";
import type { Fault, ScriptedResponse } from "./scenario.js";

/** A fault that shapes a streamed response (rather than replacing it or delaying it). */
export type StreamFault = Extract<
  Fault,
  { type: "error_event" | "disconnect" | "max_tokens" | "malformed" }
>;

/** A fault answered with an HTTP error status. */
export type HttpErrorFault = Extract<Fault, { type: "http_error" }>;

/**
 * The events to send, and how the stream then stops: ended, the connection dropped, or a
 * `data:` line that is not JSON sent and the response ended (a `malformed` fault).
 */
export interface StreamPlan {
  events: StreamEvent[];
  ending: "end" | "disconnect" | "malformed";
}

/** The error an `error_event` fault sends when the scenario gives none. */
export const DEFAULT_STREAM_ERROR = { type: "overloaded_error", message: "Overloaded" } as const;

/** A response cut by max_tokens after `afterBlocks` blocks; a cut tool call is kept apart. */
export interface CutResponse {
  response: ScriptedResponse;
  /** The tool call (a tool_use or server_tool_use) whose input was still streaming when the limit hit. */
  partialToolUse?: AssistantContentBlock;
}

/** Cuts a response where max_tokens stops it: later blocks dropped, block `n` halved. */
export function cutAtMaxTokens(response: ScriptedResponse, afterBlocks: number): CutResponse {
  const kept = response.content.slice(0, afterBlocks);
  const cut = response.content[afterBlocks];
  let partialToolUse: AssistantContentBlock | undefined;
  if (cut?.type === "text") kept.push({ ...cut, text: firstHalf(cut.text) });
  else if (cut?.type === "thinking") kept.push({ ...cut, thinking: firstHalf(cut.thinking) });
  else if (cut?.type === "tool_use" || cut?.type === "server_tool_use") partialToolUse = cut;
  // Blocks that arrive whole (redacted thinking, a search's results) are kept whole.
  else if (cut) kept.push(cut);
  return {
    response: { ...response, content: kept, stopReason: "max_tokens" },
    ...(partialToolUse ? { partialToolUse } : {}),
  };
}

function completedBlocks(response: ScriptedResponse, count: number): StreamEvent[] {
  return response.content
    .slice(0, count)
    .flatMap((block, i) => blockEvents(block, i, blockDeltas(block, "whole")));
}

function maxTokensEvents(response: ScriptedResponse, context: RenderContext, n: number) {
  const { response: cut, partialToolUse } = cutAtMaxTokens(response, n);
  if (!partialToolUse) return renderEvents(cut, context);
  const usage = responseUsage(cut.usage, context.inputTokens, [...cut.content, partialToolUse]);
  const partial = blockEvents(partialToolUse, n, blockDeltas(partialToolUse, "partial"), false);
  return withPing([
    messageStart(context, usage),
    ...completedBlocks(cut, n),
    ...partial,
    ...messageEnd("max_tokens", usage),
  ]);
}

/**
 * The events of a response that a stream fault shapes: an error event, garbage data or a
 * dropped connection after `afterBlocks` completed blocks (optionally halfway through the next
 * block's deltas); or a max_tokens stop there, a cut tool_use left without its content_block_stop like
 * the real API's.
 */
export function renderFaultedEvents(
  response: ScriptedResponse,
  context: RenderContext,
  fault: StreamFault,
  requestId: string,
): StreamPlan {
  if (fault.type === "max_tokens") {
    return { events: maxTokensEvents(response, context, fault.afterBlocks), ending: "end" };
  }
  const usage = responseUsage(response.usage, context.inputTokens, response.content);
  const events = [messageStart(context, usage), ...completedBlocks(response, fault.afterBlocks)];
  const next = response.content[fault.afterBlocks];
  if (fault.midBlock && next) {
    events.push(...blockEvents(next, fault.afterBlocks, blockDeltas(next, "partial"), false));
  }
  if (fault.type === "error_event") {
    const error = fault.error ?? DEFAULT_STREAM_ERROR;
    events.push({ type: "error", error: { ...error }, request_id: requestId });
    return { events: withPing(events), ending: "end" };
  }
  const ending = fault.type === "malformed" ? "malformed" : "disconnect";
  return { events: withPing(events), ending };
}
