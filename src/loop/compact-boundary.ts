import type { Message } from "../protocol/messages.js";

/** The messages from the last compact boundary on (the boundary included): what the model sees. */
export function messagesAfterCompactBoundary(messages: readonly Message[]): Message[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.type === "system" && message.subtype === "compact_boundary")
      return messages.slice(i);
  }
  return [...messages];
}
