import type { ToolResultBlock, UserContentBlock } from "../../../protocol/content.js";
import type { Message } from "../../../protocol/messages.js";

/** A tool result's text (its images and documents named, not carried). */
function resultText(block: ToolResultBlock): string {
  const content = block.content ?? "";
  if (typeof content === "string") return content;
  return content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
}

/** Text under a marker, its later lines lined up under the first. */
function marked(marker: string, text: string): string {
  const pad = " ".repeat(marker.length + 1);
  return `${marker} ${text.split("\n").join(`\n${pad}`)}`;
}

function userParts(content: string | UserContentBlock[]): string[] {
  if (typeof content === "string") return [marked(">", content)];
  return content.flatMap((block) => {
    if (block.type === "text") return [marked(">", block.text)];
    if (block.type === "tool_result") {
      const failed = block.is_error ? " (error)" : "";
      return [marked("  ⎿", `${resultText(block)}${failed}`)];
    }
    return [`> [${block.type}]`];
  });
}

function partsOf(message: Message): string[] {
  switch (message.type) {
    case "user":
      if (message.isCompactSummary)
        return [`Summary of the earlier conversation:\n${textOf(message.message.content)}`];
      return message.isMeta ? [] : userParts(message.message.content);
    case "assistant":
      if (message.isApiErrorMessage) return [];
      return message.message.content.flatMap((block) => {
        if (block.type === "text") return block.text.trim() ? [marked("⏺", block.text)] : [];
        if (block.type === "tool_use" || block.type === "server_tool_use") {
          return [`⏺ ${block.name}(${JSON.stringify(block.input)})`];
        }
        return [];
      });
    case "attachment":
    case "system":
    case "progress":
      return [];
  }
}

function textOf(content: string | UserContentBlock[]): string {
  if (typeof content === "string") return content;
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/**
 * The conversation as `/export` writes it: plain text, the person's prompts after `>`, the
 * answers and tool calls after `⏺`, tool results after `⎿`; what keel adds for the model
 * (memory, reminders) is left out, as the screen leaves it out.
 */
export function exportText(messages: readonly Message[]): string {
  return `${messages.flatMap(partsOf).join("\n\n")}\n`;
}
