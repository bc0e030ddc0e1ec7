import type { Message } from "../../../src/protocol/messages.js";

/** What is wrong with the tool pairing of a conversation (empty when every call is answered once). */
export function pairingProblems(messages: readonly Message[]): string[] {
  const uses = new Map<string, number>();
  const results = new Map<string, number>();
  for (const message of messages) {
    if (message.type !== "assistant" && message.type !== "user") continue;
    const content = message.message.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (block.type === "tool_use") uses.set(block.id, (uses.get(block.id) ?? 0) + 1);
      if (block.type === "tool_result") {
        results.set(block.tool_use_id, (results.get(block.tool_use_id) ?? 0) + 1);
      }
    }
  }
  const problems: string[] = [];
  for (const [id, count] of uses) {
    if (count > 1) problems.push(`tool_use ${id} appears ${count} times`);
    const answered = results.get(id) ?? 0;
    if (answered !== 1) problems.push(`tool_use ${id} has ${answered} tool_results`);
  }
  for (const id of results.keys()) {
    if (!uses.has(id)) problems.push(`tool_result ${id} answers no tool_use`);
  }
  return problems;
}
