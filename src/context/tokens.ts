import { toApiMessages } from "../protocol/api-payload.js";
import type { ContentBlock } from "../protocol/content.js";
import { SYNTHETIC_MODEL } from "../protocol/factories.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";

/** Characters per token of the rough estimate (what Claude Code and the scripted model use). */
export const CHARS_PER_TOKEN = 4;

/** What an image or a document counts for in the estimate, whatever its bytes. */
export const IMAGE_TOKENS = 2_000;

/** Characters of one block as the model reads it (images and documents a fixed cost). */
export function blockChars(block: ContentBlock): number {
  switch (block.type) {
    case "text":
      return block.text.length;
    case "thinking":
      return block.thinking.length;
    case "redacted_thinking":
      return block.data.length;
    case "tool_use":
    case "server_tool_use":
      return block.name.length + JSON.stringify(block.input).length;
    case "web_search_tool_result":
      return JSON.stringify(block.content).length;
    case "tool_result":
      return toolResultChars(block.content);
    case "image":
    case "document":
      return IMAGE_TOKENS * CHARS_PER_TOKEN;
  }
}

/** Characters of a tool result's content (string or blocks). */
export function toolResultChars(content: string | readonly ContentBlock[] | undefined): number {
  if (content === undefined) return 0;
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content) chars += blockChars(block);
  return chars;
}

/** Rough tokens of some messages: characters / 4 of what the API would receive. */
export function estimateTokens(messages: readonly Message[]): number {
  let chars = 0;
  for (const param of toApiMessages(messages)) {
    if (typeof param.content === "string") chars += param.content.length;
    else for (const block of param.content) chars += blockChars(block);
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** An assistant message that carries real API usage (not an error or synthetic message). */
function hasUsage(message: Message): message is AssistantMessage {
  if (message.type !== "assistant" || message.isApiErrorMessage) return false;
  if (message.message.model === SYNTHETIC_MODEL) return false;
  const u = message.message.usage;
  return u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens > 0;
}

/**
 * The context size now: the last response's usage (input + cache read + cache creation +
 * output) plus an estimate of every message after it; an estimate of all when no response
 * reported usage.
 */
export function contextTokens(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (!hasUsage(message)) continue;
    const u = message.message.usage;
    const reported =
      u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens + u.output_tokens;
    return reported + estimateTokens(messages.slice(i + 1));
  }
  return estimateTokens(messages);
}
