import { attachmentText } from "../protocol/api-payload.js";
import type {
  ToolResultBlock,
  UserContentBlock,
  WebSearchToolResultBlock,
} from "../protocol/content.js";
import type { Message } from "../protocol/messages.js";

/** A tool result longer than this is cut in the summariser's transcript. */
export const TRANSCRIPT_RESULT_CHARS = 20_000;

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… [${text.length - max} more characters]`;
}

function resultText(block: ToolResultBlock, names: ReadonlyMap<string, string>): string {
  const content = block.content ?? "";
  const text =
    typeof content === "string"
      ? content
      : content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
  const name = names.get(block.tool_use_id) ?? "tool";
  const status = block.is_error ? " (error)" : "";
  return `[${name} result${status}]\n${cut(text, TRANSCRIPT_RESULT_CHARS)}`;
}

/** What a web search found, as the summariser reads it: each page's title and address. */
function webSearchText(block: WebSearchToolResultBlock): string {
  if (!Array.isArray(block.content)) return `[web search failed: ${block.content.error_code}]`;
  const pages = block.content.map((page) => `- ${page.title} <${page.url}>`);
  return `[web search results]\n${pages.join("\n")}`;
}

function userText(blocks: string | UserContentBlock[], names: ReadonlyMap<string, string>): string {
  if (typeof blocks === "string") return blocks;
  return blocks
    .map((b) => {
      if (b.type === "text") return b.text;
      if (b.type === "tool_result") return resultText(b, names);
      return `[${b.type}]`;
    })
    .join("\n");
}

function renderOne(message: Message, names: Map<string, string>): string | undefined {
  switch (message.type) {
    case "user": {
      const text = userText(message.message.content, names);
      if (message.isCompactSummary) return `Summary of the earlier conversation:\n${text}`;
      return message.isMeta ? `[Runtime note]\n${text}` : `User:\n${text}`;
    }
    case "attachment": {
      const text = attachmentText(message.attachment);
      return text === undefined ? undefined : `[Runtime note]\n${text}`;
    }
    case "assistant": {
      if (message.isApiErrorMessage) return undefined;
      const parts: string[] = [];
      for (const block of message.message.content) {
        if (block.type === "text" && block.text.trim()) parts.push(block.text);
        if (block.type === "tool_use") {
          names.set(block.id, block.name);
          parts.push(`[calls ${block.name} ${JSON.stringify(block.input)}]`);
        }
        if (block.type === "server_tool_use") {
          parts.push(`[the API ran ${block.name} ${JSON.stringify(block.input)}]`);
        }
        if (block.type === "web_search_tool_result") parts.push(webSearchText(block));
      }
      return parts.length === 0 ? undefined : `Assistant:\n${parts.join("\n")}`;
    }
    case "system":
    case "progress":
      return undefined;
  }
}

/**
 * A conversation as plain text for the summariser: the summary request then carries no
 * tool_use blocks (no tool definitions needed, no pairing to break) and no images (which
 * can be what made the context overflow).
 */
export function transcriptText(messages: readonly Message[]): string {
  const names = new Map<string, string>();
  const parts: string[] = [];
  for (const message of messages) {
    const text = renderOne(message, names);
    if (text !== undefined) parts.push(text);
  }
  return parts.join("\n\n");
}
