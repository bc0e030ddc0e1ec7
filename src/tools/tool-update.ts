import type { ToolResultBlock } from "../protocol/content.js";
import type { AttachmentMessage, ProgressMessage, UserMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "./context.js";

/** A message a tool call adds to the conversation: its result, progress, or an attachment. */
export type ToolMessage = UserMessage | ProgressMessage | AttachmentMessage;

/** One step of a tool call: a message, and/or a change to the shared context. */
export interface ToolUpdate {
  message?: ToolMessage;
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /**
   * The tool has run; its result follows once PostToolUse hooks (which may replace it) are
   * done. From here the call is not cancelled for a sibling's failure: its effects happened.
   */
  ran?: true;
}

/** The tool_result blocks a message carries (none for progress and attachments). */
export function toolResultsOf(message: ToolMessage | undefined): ToolResultBlock[] {
  if (message?.type !== "user" || typeof message.message.content === "string") return [];
  return message.message.content.filter((block) => block.type === "tool_result");
}
