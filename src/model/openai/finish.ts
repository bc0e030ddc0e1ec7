import type { StopReason } from "../../protocol/content.js";
import type { WireUsage } from "../../protocol/usage.js";
import type { ChunkUsage } from "./chunk-schema.js";

/**
 * The Messages API stop reason for a chat-completions `finish_reason`. Whether the model called
 * tools is decided by the calls that streamed, never by the finish reason: OpenAI itself says
 * `stop` after a named tool choice, and some servers say `tool_calls` with no call.
 */
export function stopReasonFor(finishReason: string, sawToolCalls: boolean): StopReason {
  switch (finishReason) {
    case "length":
      return "max_tokens";
    case "content_filter":
      return "refusal";
    default:
      return sawToolCalls ? "tool_use" : "end_turn";
  }
}

/** Messages API usage from chat-completions usage: cached prompt tokens count as cache reads. */
export function usageFromChunk(usage: ChunkUsage): WireUsage {
  const prompt = usage.prompt_tokens ?? 0;
  const cached = Math.min(usage.prompt_tokens_details?.cached_tokens ?? 0, prompt);
  return {
    input_tokens: prompt - cached,
    output_tokens: usage.completion_tokens ?? 0,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: 0,
  };
}
