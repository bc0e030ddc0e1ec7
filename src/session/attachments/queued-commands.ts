import type { Attachment } from "../../protocol/messages.js";

/**
 * One `queued_command` attachment per prompt the user sent while the turn ran, in the order
 * they were sent. `drain` empties the engine's queue, so each prompt is attached once.
 */
export function queuedCommandAttachments(drain: () => readonly string[]): Attachment[] {
  return drain().map((prompt) => ({ type: "queued_command", prompt }));
}
