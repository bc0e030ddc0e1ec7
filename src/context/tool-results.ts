import type { ToolResultBlock } from "../protocol/content.js";
import type { Message, UserMessage } from "../protocol/messages.js";

/** Where a tool_result block sits in a history. */
export interface ToolResultRef {
  messageIndex: number;
  block: ToolResultBlock;
}

/** Every tool_result block of a history, oldest first. */
export function toolResultRefs(messages: readonly Message[]): ToolResultRef[] {
  const refs: ToolResultRef[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.type !== "user" || typeof message.message.content === "string") return;
    for (const block of message.message.content) {
      if (block.type === "tool_result") refs.push({ messageIndex, block });
    }
  });
  return refs;
}

/** The text of a tool result, or undefined when it holds images or documents. */
export function toolResultText(block: ToolResultBlock): string | undefined {
  const content = block.content;
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  if (content.some((b) => b.type !== "text")) return undefined;
  return content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
}

/** How replaceToolResults treats the messages it rewrites. */
export interface ReplaceToolResultsOptions {
  /**
   * Also drop the tool's own output (`toolUseResult`, which the UI, the SDK and the transcript
   * have already had) from each rewritten message, so a cleared result frees its content.
   */
  dropToolUseResult?: boolean;
}

/** The message with its tool's own output dropped. */
function withoutToolUseResult(message: UserMessage): UserMessage {
  const { toolUseResult: _recorded, ...rest } = message;
  return rest;
}

/**
 * The history with some tool results' content replaced (by tool_use_id); ids, is_error and
 * order never change. Returns the same array when nothing is replaced.
 */
export function replaceToolResults(
  messages: Message[],
  replacements: ReadonlyMap<string, string>,
  options: ReplaceToolResultsOptions = {},
): Message[] {
  if (replacements.size === 0) return messages;
  let changed = false;
  const out = messages.map((message) => {
    if (message.type !== "user" || typeof message.message.content === "string") return message;
    let touched = false;
    const content = message.message.content.map((block) => {
      if (block.type !== "tool_result") return block;
      const text = replacements.get(block.tool_use_id);
      if (text === undefined || block.content === text) return block;
      touched = true;
      return { ...block, content: text };
    });
    if (!touched) return message;
    changed = true;
    const kept = options.dropToolUseResult ? withoutToolUseResult(message) : message;
    const next: UserMessage = { ...kept, message: { ...message.message, content } };
    return next;
  });
  return changed ? out : messages;
}
