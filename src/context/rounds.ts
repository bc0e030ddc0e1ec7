import type { ToolUseBlock } from "../protocol/content.js";
import type { Message, UserMessage } from "../protocol/messages.js";

/**
 * One API round: an assistant response (all its block messages) and the messages after it up
 * to the next response, so a tool_use and its tool_result always share a round. Messages
 * before the first response form a lead round with `lead: true`.
 */
export interface ApiRound {
  messages: Message[];
  lead: boolean;
}

/** Splits a history into API rounds; cutting between rounds never splits a tool pair. */
export function groupApiRounds(messages: readonly Message[]): ApiRound[] {
  const rounds: ApiRound[] = [];
  let current: ApiRound = { messages: [], lead: true };
  let responseId: string | undefined;
  for (const message of messages) {
    if (message.type === "assistant" && (current.lead || message.message.id !== responseId)) {
      if (current.messages.length > 0) rounds.push(current);
      current = { messages: [], lead: false };
    }
    if (message.type === "assistant") responseId = message.message.id;
    current.messages.push(message);
  }
  if (current.messages.length > 0) rounds.push(current);
  return rounds;
}

/** A message a person typed (not a tool result, meta note, or compaction summary). */
export function isUserTyped(message: Message): message is UserMessage {
  if (message.type !== "user" || message.isMeta || message.isCompactSummary) return false;
  const content = message.message.content;
  if (typeof content === "string") return content.trim() !== "";
  return content.some((b) => b.type === "text") && !content.some((b) => b.type === "tool_result");
}

/** The newest message a person typed, if any. */
export function latestUserPrompt(messages: readonly Message[]): UserMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (isUserTyped(message)) return message;
  }
  return undefined;
}

/**
 * Finds tool_use blocks by id, reading the history from its newest message back only as far as
 * the ids asked for need: each request mostly asks about its newest results, and building a map
 * of the whole history for them was a good share of a long session's per-turn work.
 */
export function toolUseLookup(
  messages: readonly Message[],
): (id: string) => ToolUseBlock | undefined {
  const found = new Map<string, ToolUseBlock>();
  let next = messages.length - 1;
  return (id) => {
    while (!found.has(id) && next >= 0) {
      const message = messages[next--]!;
      if (message.type !== "assistant") continue;
      for (const block of message.message.content)
        if (block.type === "tool_use" && !found.has(block.id)) found.set(block.id, block);
    }
    return found.get(id);
  };
}
