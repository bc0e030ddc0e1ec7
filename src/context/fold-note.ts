import type { ToolResultBlock, ToolUseBlock } from "../protocol/content.js";
import type { Message } from "../protocol/messages.js";
import { formatSize } from "./persisted-output.js";
import { toolResultChars } from "./tokens.js";

const TARGET_KEYS = ["file_path", "path", "command", "pattern", "url", "query", "description"];

/** What a call was about, in a few words: its path, command or pattern. */
export function callTarget(input: Record<string, unknown>): string {
  for (const key of TARGET_KEYS) {
    const value = input[key];
    if (typeof value === "string" && value.trim()) return oneLine(value, 80);
  }
  return oneLine(JSON.stringify(input), 80);
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function callLine(use: ToolUseBlock, result: ToolResultBlock | undefined): string {
  const outcome = result?.is_error ? "error" : "ok";
  const size = formatSize(toolResultChars(result?.content));
  return `- ${use.name} ${callTarget(use.input)} → ${outcome}, ${size}`;
}

/**
 * The note a fold leaves: per round, the first words the model said, then each call's tool,
 * target, outcome and result size.
 */
export function foldNote(rounds: ReadonlyArray<readonly Message[]>): string {
  const lines = [
    `[${rounds.length} earlier tool rounds were collapsed to save context. What was done:]`,
  ];
  for (const messages of rounds) {
    const results = new Map<string, ToolResultBlock>();
    const uses: ToolUseBlock[] = [];
    let said = "";
    for (const m of messages) {
      if (m.type === "assistant") {
        for (const b of m.message.content) {
          if (b.type === "tool_use") uses.push(b);
          if (b.type === "text" && !said && b.text.trim()) said = oneLine(b.text, 100);
        }
      }
      if (m.type === "user" && typeof m.message.content !== "string") {
        for (const b of m.message.content)
          if (b.type === "tool_result") results.set(b.tool_use_id, b);
      }
    }
    if (said) lines.push(`(said: "${said}")`);
    for (const use of uses) lines.push(callLine(use, results.get(use.id)));
  }
  lines.push("Run a tool again if you need any of these results in full.");
  return lines.join("\n");
}
