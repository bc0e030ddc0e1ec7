import type { AssistantContentBlock, UserContentBlock } from "../../../src/protocol/content.js";
import { emptyUsage } from "../../../src/protocol/usage.js";
import type {
  SdkAssistantMessage,
  SdkResult,
  SdkStreamEvent,
  SdkUserMessage,
} from "../../../src/session/sdk-messages.js";

const base = { parent_tool_use_id: null, session_id: "s-1" };

/** An assistant message with the given blocks, shaped like the engine's. */
export function assistantMessage(
  uuid: string,
  content: AssistantContentBlock[],
): SdkAssistantMessage {
  return {
    ...base,
    type: "assistant",
    uuid,
    message: {
      role: "assistant",
      content,
      id: `msg_${uuid}`,
      type: "message",
      model: "claude-sonnet-5",
      stop_reason: null,
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

/** A user message carrying tool results (and the tool's structured output, if given). */
export function toolResultMessage(
  uuid: string,
  content: UserContentBlock[],
  toolUseResult?: unknown,
): SdkUserMessage {
  return {
    ...base,
    type: "user",
    uuid,
    message: { role: "user", content },
    ...(toolUseResult === undefined ? {} : { tool_use_result: toolUseResult }),
  };
}

/** A text delta as a partial-message stream event. */
export function textDelta(uuid: string, text: string): SdkStreamEvent {
  return {
    ...base,
    type: "stream_event",
    uuid,
    event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
  };
}

/** A turn's result. */
export function resultMessage(uuid: string, fields: Partial<SdkResult> = {}): SdkResult {
  return {
    session_id: "s-1",
    type: "result",
    subtype: "success",
    is_error: false,
    api_error_status: null,
    duration_ms: 1,
    duration_api_ms: 1,
    num_turns: 1,
    stop_reason: "end_turn",
    total_cost_usd: 0,
    usage: emptyUsage(),
    modelUsage: {},
    permission_denials: [],
    terminal_reason: "completed",
    uuid,
    ...fields,
  };
}
