import type { ModelResponse } from "../model/provider.js";
import type { AssistantContentBlock } from "../protocol/content.js";
import type { StreamMessageStart } from "../protocol/events.js";
import type { IdSource } from "../protocol/factories.js";
import type { AssistantMessage } from "../protocol/messages.js";
import { usageFromWire } from "../protocol/usage.js";

/** One block of a response as a message (blocks of one response share message.id). */
export function blockMessage(
  start: StreamMessageStart,
  block: AssistantContentBlock,
  ids: IdSource,
  requestId: string | undefined,
): AssistantMessage {
  return {
    type: "assistant",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: {
      id: start.id,
      model: start.model,
      role: "assistant",
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: usageFromWire(start.usage),
    },
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/**
 * Writes the response's final stop reason and usage into its block messages, as Claude Code
 * does at message_delta: the messages were yielded before the response ended.
 */
export function finalizeBlockMessages(
  messages: readonly AssistantMessage[],
  response: ModelResponse,
): void {
  for (const message of messages) {
    if (message.message.id !== response.id) continue;
    message.message.stop_reason = response.stopReason;
    message.message.stop_sequence = response.stopSequence;
    message.message.usage = response.usage;
  }
}
