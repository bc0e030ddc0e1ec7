import type { ToolUseBlock } from "../protocol/content.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { AssistantMessage, Message, UserMessage } from "../protocol/messages.js";

/** The tool_use ids that already have a tool_result among these messages. */
function answeredIds(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.type !== "user" || typeof message.message.content === "string") continue;
    for (const block of message.message.content) {
      if (block.type === "tool_result") ids.add(block.tool_use_id);
    }
  }
  return ids;
}

/**
 * An is_error tool_result for every tool_use that has none yet, so the next request is valid
 * whatever cut the turn short (seed 004's yieldMissingToolResultBlocks).
 */
export function missingToolResults(
  assistantMessages: readonly AssistantMessage[],
  results: readonly Message[],
  text: string,
  ids: IdSource,
): UserMessage[] {
  const answered = answeredIds(results);
  const missing: UserMessage[] = [];
  for (const assistant of assistantMessages) {
    for (const block of assistant.message.content) {
      if (block.type !== "tool_use" || answered.has(block.id)) continue;
      missing.push(toolErrorResult(block, assistant, text, ids));
    }
  }
  return missing;
}

function toolErrorResult(
  block: ToolUseBlock,
  assistant: AssistantMessage,
  text: string,
  ids: IdSource,
): UserMessage {
  return createUserMessage(
    [{ type: "tool_result", tool_use_id: block.id, content: text, is_error: true }],
    ids,
    { toolUseResult: text, sourceToolAssistantUUID: assistant.uuid },
  );
}
