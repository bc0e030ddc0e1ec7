import { z } from "zod";
import type { Message } from "../../protocol/messages.js";

/** A SendMessage input that approves a shutdown (what the teammate's model answered). */
const approvingInput = z.looseObject({
  message: z.looseObject({ type: z.literal("shutdown_response"), approve: z.literal(true) }),
});

/** The ids of the SendMessage calls in `messages` that approved a shutdown. */
function approvingCalls(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.type !== "assistant") continue;
    for (const block of message.message.content) {
      if (block.type !== "tool_use" || block.name !== "SendMessage") continue;
      if (approvingInput.safeParse(block.input).success) ids.add(block.id);
    }
  }
  return ids;
}

/**
 * Whether a teammate's turn approved its shutdown: a SendMessage shutdown_response with
 * `approve: true` whose call succeeded (a refused call sent nothing, so the teammate lives on).
 */
export function approvedShutdown(messages: readonly Message[]): boolean {
  const calls = approvingCalls(messages);
  if (calls.size === 0) return false;
  return messages.some(
    (message) =>
      message.type === "user" &&
      Array.isArray(message.message.content) &&
      message.message.content.some(
        (block) =>
          block.type === "tool_result" && calls.has(block.tool_use_id) && block.is_error !== true,
      ),
  );
}
