import type { ModelError } from "../model/errors.js";
import type { ToolUseBlock } from "../protocol/content.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import type { StreamingToolExecutor } from "../tools/streaming-executor.js";

/** A recoverable error the loop kept from the consumer while it tries to recover. */
export interface WithheldError {
  kind: "prompt_too_long" | "media" | "max_output_tokens";
  /** The API-error message that is yielded if recovery fails. */
  message: AssistantMessage;
}

/** What one model request left behind. */
export interface StreamOutcome {
  /** Block messages of the response (already yielded), in order. */
  assistantMessages: AssistantMessage[];
  toolUseBlocks: ToolUseBlock[];
  /** Tool results (and their attachments) the streaming executor finished while the model streamed. */
  earlyResults: Message[];
  /** True iff a tool_use block arrived (never decided from stop_reason). */
  needsFollowUp: boolean;
  withheld?: WithheldError;
  /** A failure that ends the turn as `completed`; its message was yielded. */
  apiError?: AssistantMessage;
  /** A tool call the output limit cut mid-way: dropped, never run; the model is told. */
  droppedToolUse?: { id: string; name: string };
  /** The stream failed after some blocks completed: they are kept, the rest is dropped. */
  cutOff?: ModelError;
  /** An unexpected exception from the model layer. */
  unexpected?: { error: unknown };
  aborted: boolean;
  /** Output tokens of the response (for the token budget). */
  outputTokens: number;
  /** The context after the request (the fallback model may have taken over). */
  context: ToolUseContext;
  executor?: StreamingToolExecutor;
}
