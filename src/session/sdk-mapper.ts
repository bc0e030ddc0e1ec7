import type { QueryEvent } from "../loop/events.js";
import { KNOWN_STREAM_EVENT_TYPES, type StreamEvent } from "../protocol/events.js";
import type { SdkMessage } from "./sdk-messages.js";

/** Where mapped messages belong. */
export interface SdkMapping {
  sessionId: string;
  includePartialMessages: boolean;
}

function carriesToolResult(content: string | readonly { type: string }[]): boolean {
  return Array.isArray(content) && content.some((b) => b.type === "tool_result");
}

/** True for a raw stream event (as opposed to a message the loop made). */
export function isStreamEvent(event: QueryEvent): event is StreamEvent {
  return KNOWN_STREAM_EVENT_TYPES.has(event.type);
}

/**
 * The Agent SDK message for a loop event, or undefined for events programs do not see
 * (transitions, tombstones, attachments, progress, notices).
 */
export function toSdkMessage(event: QueryEvent, mapping: SdkMapping): SdkMessage | undefined {
  const session_id = mapping.sessionId;
  if (isStreamEvent(event)) {
    if (!mapping.includePartialMessages) return undefined;
    return {
      type: "stream_event",
      event,
      parent_tool_use_id: null,
      session_id,
      uuid: crypto.randomUUID(),
    };
  }
  switch (event.type) {
    case "assistant":
      return {
        type: "assistant",
        message: { ...event.message, type: "message" },
        parent_tool_use_id: null,
        session_id,
        uuid: event.uuid,
        ...(event.requestId ? { request_id: event.requestId } : {}),
        ...(event.error ? { error: event.error } : {}),
      };
    case "user":
      // The loop's own notes to the model (resume, budget nudges) are not the user's words.
      if (event.isMeta && !carriesToolResult(event.message.content)) return undefined;
      return {
        type: "user",
        message: event.message,
        parent_tool_use_id: null,
        session_id,
        uuid: event.uuid,
        ...(event.isMeta ? { isSynthetic: true } : {}),
        ...(event.toolUseResult === undefined ? {} : { tool_use_result: event.toolUseResult }),
      };
    case "system":
      if (event.subtype === "compact_boundary") {
        return {
          type: "system",
          subtype: "compact_boundary",
          compact_metadata: {
            trigger: event.compactMetadata.trigger,
            pre_tokens: event.compactMetadata.preTokens,
          },
          session_id,
          uuid: event.uuid,
        };
      }
      if (event.subtype !== "api_retry") return undefined;
      return {
        type: "system",
        subtype: "api_retry",
        attempt: event.attempt,
        max_retries: event.maxRetries,
        retry_delay_ms: event.retryDelayMs,
        error_status: event.errorStatus,
        error: event.error,
        session_id,
        uuid: event.uuid,
      };
    case "tool_use_summary":
      return {
        type: "tool_use_summary",
        summary: event.summary,
        preceding_tool_use_ids: event.precedingToolUseIds,
        session_id,
        uuid: event.uuid,
      };
    default:
      return undefined;
  }
}
