import type { AssistantContentBlock, StopReason } from "../../protocol/content.js";
import type { BlockDelta, StartedBlock, StreamEvent } from "../../protocol/events.js";
import { chunkJson, chunkText, firstHalf } from "./chunking.js";
import { type ResponseUsage, responseUsage } from "./estimate.js";
import type { ScriptedResponse } from "./scenario.js";

/** What a rendered response needs besides its content. */
export interface RenderContext {
  messageId: string;
  /** The model the request named (echoed back, as the API does). */
  model: string;
  /** The estimated input tokens of the request. */
  inputTokens: number;
}

/** A non-streaming Messages API response body. */
export interface WireMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: AssistantContentBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  usage: ResponseUsage;
}

/** How much of a block is streamed: all of it, or the first half (a cut). */
export type BlockPart = "whole" | "partial";

function startedBlock(block: AssistantContentBlock): StartedBlock {
  switch (block.type) {
    case "text":
      return { type: "text", text: "" };
    case "thinking":
      return { type: "thinking", thinking: "", signature: "" };
    case "redacted_thinking":
    case "web_search_tool_result":
      return block;
    case "tool_use":
      return { type: "tool_use", id: block.id, name: block.name, input: {} };
    case "server_tool_use":
      return { type: "server_tool_use", id: block.id, name: block.name, input: {} };
  }
}

/** The deltas of a block; a partial block stops halfway and never carries its signature. */
export function blockDeltas(block: AssistantContentBlock, part: BlockPart): BlockDelta[] {
  const cut = (text: string) => (part === "whole" ? text : firstHalf(text));
  switch (block.type) {
    case "text":
      return chunkText(cut(block.text)).map((text) => ({ type: "text_delta", text }));
    case "thinking": {
      const deltas: BlockDelta[] = chunkText(cut(block.thinking)).map((thinking) => ({
        type: "thinking_delta",
        thinking,
      }));
      if (part === "whole") deltas.push({ type: "signature_delta", signature: block.signature });
      return deltas;
    }
    case "redacted_thinking":
    case "web_search_tool_result":
      return [];
    case "tool_use":
    case "server_tool_use":
      return chunkJson(cut(JSON.stringify(block.input))).map((partial_json) => ({
        type: "input_json_delta",
        partial_json,
      }));
  }
}

/** A block's start and deltas, and its stop unless `withStop` is false. */
export function blockEvents(
  block: AssistantContentBlock,
  index: number,
  deltas: BlockDelta[],
  withStop = true,
): StreamEvent[] {
  const events: StreamEvent[] = [
    { type: "content_block_start", index, content_block: startedBlock(block) },
    ...deltas.map((delta): StreamEvent => ({ type: "content_block_delta", index, delta })),
  ];
  if (withStop) events.push({ type: "content_block_stop", index });
  return events;
}

/**
 * The message_start event (output tokens start at 1, as the API reports them; the server
 * tools' counts come only at the end).
 */
export function messageStart(context: RenderContext, usage: ResponseUsage): StreamEvent {
  const { server_tool_use: _atTheEnd, ...counts } = usage;
  return {
    type: "message_start",
    message: {
      id: context.messageId,
      type: "message",
      role: "assistant",
      model: context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...counts, output_tokens: 1 },
    },
  };
}

/** message_delta (cumulative usage, as the API sends it) and message_stop. */
export function messageEnd(stopReason: StopReason, usage: ResponseUsage): StreamEvent[] {
  return [
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage },
    { type: "message_stop" },
  ];
}

/** Puts the `ping` where the API does: after the first block starts (or after message_start). */
export function withPing(events: StreamEvent[]): StreamEvent[] {
  const first = events.findIndex((event) => event.type === "content_block_start");
  const at = first >= 0 ? first + 1 : Math.min(1, events.length);
  return [...events.slice(0, at), { type: "ping" }, ...events.slice(at)];
}

/** The complete event sequence of a response, as the streaming Messages API sends it. */
export function renderEvents(response: ScriptedResponse, context: RenderContext): StreamEvent[] {
  const usage = responseUsage(response.usage, context.inputTokens, response.content);
  return withPing([
    messageStart(context, usage),
    ...response.content.flatMap((block, i) => blockEvents(block, i, blockDeltas(block, "whole"))),
    ...messageEnd(response.stopReason, usage),
  ]);
}

/** A response as the non-streaming Messages API returns it. */
export function renderMessage(response: ScriptedResponse, context: RenderContext): WireMessage {
  return {
    id: context.messageId,
    type: "message",
    role: "assistant",
    model: context.model,
    content: response.content,
    stop_reason: response.stopReason,
    stop_sequence: null,
    usage: responseUsage(response.usage, context.inputTokens, response.content),
  };
}
