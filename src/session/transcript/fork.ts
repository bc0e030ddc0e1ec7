import type { Message } from "../../protocol/messages.js";

/**
 * The conversation up to and including `atUuid` (default: all of it), to be written under a
 * new session id with a fresh envelope; uuids are kept, as Claude Code keeps them. A fork at
 * an assistant message may leave tool_uses unanswered: run repairConversation before resuming.
 * Throws when `atUuid` names no message of the conversation.
 */
export function forkConversation(messages: readonly Message[], atUuid?: string): Message[] {
  if (atUuid === undefined) return [...messages];
  const index = messages.findIndex((message) => message.uuid === atUuid);
  if (index < 0) throw new Error(`no message ${atUuid} in the conversation`);
  return messages.slice(0, index + 1);
}
