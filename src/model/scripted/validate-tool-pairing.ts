import type { LooseBlock, RequestBody } from "./request-body.js";
import { type RequestViolation, violation } from "./violation.js";

type Message = RequestBody["messages"][number];

function blocksOf(message: Message | undefined): LooseBlock[] {
  return message && Array.isArray(message.content) ? message.content : [];
}

function toolUseIds(message: Message | undefined): string[] {
  if (message?.role !== "assistant") return [];
  return blocksOf(message)
    .filter((block) => block.type === "tool_use")
    .map((block) => String(block.id));
}

function toolResultIds(message: Message | undefined): string[] {
  if (message?.role !== "user") return [];
  return blocksOf(message)
    .filter((block) => block.type === "tool_result")
    .map((block) => String(block.tool_use_id));
}

/** Each tool_use of assistant message i is answered in message i + 1; ids are unique. */
function checkToolUses(messages: Message[], i: number, seen: Set<string>): RequestViolation[] {
  const out: RequestViolation[] = [];
  blocksOf(messages[i]).forEach((block, j) => {
    if (block.type !== "tool_use" || messages[i]?.role !== "assistant") return;
    const id = String(block.id);
    if (seen.has(id)) {
      out.push(
        violation("tool_pairing", `messages.${i}.content.${j}: \`tool_use\` ids must be unique`),
      );
    }
    seen.add(id);
  });
  const answered = new Set(toolResultIds(messages[i + 1]));
  const missing = toolUseIds(messages[i]).filter((id) => !answered.has(id));
  if (missing.length > 0) {
    out.push(
      violation(
        "tool_pairing",
        `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      ),
    );
  }
  return out;
}

/** Each tool_result of user message i answers a tool_use of message i - 1, once, and comes first. */
function checkToolResults(messages: Message[], i: number): RequestViolation[] {
  if (messages[i]?.role !== "user") return [];
  const out: RequestViolation[] = [];
  const calls = new Set(toolUseIds(messages[i - 1]));
  const answered = new Set<string>();
  let otherSeen = false;
  blocksOf(messages[i]).forEach((block, j) => {
    if (block.type !== "tool_result") {
      otherSeen = true;
      return;
    }
    const where = `messages.${i}.content.${j}`;
    const id = String(block.tool_use_id);
    if (!calls.has(id)) {
      out.push(
        violation(
          "tool_pairing",
          `${where}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        ),
      );
    } else if (answered.has(id)) {
      out.push(
        violation(
          "tool_pairing",
          `${where}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${id}`,
        ),
      );
    }
    answered.add(id);
    if (otherSeen) {
      out.push(
        violation(
          "tool_result_order",
          `${where}: \`tool_result\` blocks must come first in the user message, before any other content`,
        ),
      );
    }
  });
  return out;
}

/**
 * The tool_use / tool_result pairing rules: every tool_use has exactly one tool_result in the
 * immediately following user message, every tool_result answers a tool_use of the previous
 * assistant message, tool_result blocks come first, and tool_use ids are unique.
 */
export function checkToolPairing(messages: Message[]): RequestViolation[] {
  const seen = new Set<string>();
  const out: RequestViolation[] = [];
  for (let i = 0; i < messages.length; i++) {
    out.push(...checkToolUses(messages, i, seen), ...checkToolResults(messages, i));
  }
  return out;
}
