import type { TextBlock, ToolResultBlock, UserContentBlock } from "../protocol/content.js";
import type { Message, UserMessage } from "../protocol/messages.js";

/** What an image or document the API refused becomes. */
export const IMAGE_REMOVED_TEXT =
  "[image or document removed: the API refused the request because of its size]";

const removed = (): TextBlock => ({ type: "text", text: IMAGE_REMOVED_TEXT });

function stripResult(block: ToolResultBlock): { block: ToolResultBlock; count: number } {
  if (typeof block.content !== "object") return { block, count: 0 };
  const media = block.content.filter((b) => b.type !== "text").length;
  if (media === 0) return { block, count: 0 };
  const content = block.content.map((b) => (b.type === "text" ? b : removed()));
  return { block: { ...block, content }, count: media };
}

function stripBlocks(blocks: UserContentBlock[]): { blocks: UserContentBlock[]; count: number } {
  let count = 0;
  const out = blocks.map((b): UserContentBlock => {
    if (b.type === "image" || b.type === "document") {
      count += 1;
      return removed();
    }
    if (b.type !== "tool_result") return b;
    const stripped = stripResult(b);
    count += stripped.count;
    return stripped.block;
  });
  return { blocks: out, count };
}

/**
 * The history with every image and document replaced by a short note (tool results keep
 * their ids): the recovery for a media-size error. `count` 0 and the same array when there
 * were none.
 */
export function stripImages(messages: Message[]): { messages: Message[]; count: number } {
  let count = 0;
  const out = messages.map((message) => {
    if (message.type !== "user" || typeof message.message.content === "string") return message;
    const stripped = stripBlocks(message.message.content);
    if (stripped.count === 0) return message;
    count += stripped.count;
    const next: UserMessage = {
      ...message,
      message: { ...message.message, content: stripped.blocks },
    };
    return next;
  });
  return count === 0 ? { messages, count } : { messages: out, count };
}
