import type { ToolResultBlock } from "../protocol/content.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { AssistantMessage, UserMessage } from "../protocol/messages.js";

/** What a tool_result user message is made of. */
export interface ToolResultParts {
  toolUseId: string;
  toolName: string;
  content: ToolResultBlock["content"];
  isError?: boolean;
  /** The rich output, for the UI and the SDK (never sent to the model). */
  toolUseResult?: unknown;
  /** The assistant message holding the tool_use this answers. */
  assistant: AssistantMessage;
  /** Why the call was allowed, kept in the transcript with its result. */
  allowReason?: { type: string; reason: string };
  /** PostToolUse hooks' host context for the auto mode's classifier. */
  classifierContext?: string;
}

/** True when a result has nothing in it (no blocks, or only blank text). */
function isEmptyContent(content: ToolResultBlock["content"]): boolean {
  if (content === undefined) return true;
  if (typeof content === "string") return content.trim() === "";
  return content.every((block) => block.type === "text" && block.text.trim() === "");
}

/**
 * The user message carrying one tool_result. An empty successful result says so explicitly:
 * some models end the turn when they see an empty result.
 */
export function createToolResultMessage(parts: ToolResultParts, ids: IdSource): UserMessage {
  const content =
    !parts.isError && isEmptyContent(parts.content)
      ? `(${parts.toolName} completed with no output)`
      : parts.content;
  const block: ToolResultBlock = {
    type: "tool_result",
    tool_use_id: parts.toolUseId,
    ...(content === undefined ? {} : { content }),
    ...(parts.isError ? { is_error: true } : {}),
  };
  return createUserMessage([block], ids, {
    ...(parts.toolUseResult === undefined ? {} : { toolUseResult: parts.toolUseResult }),
    sourceToolAssistantUUID: parts.assistant.uuid,
    ...(parts.allowReason === undefined ? {} : { allowReason: parts.allowReason }),
    ...(parts.classifierContext === undefined
      ? {}
      : { classifierContext: parts.classifierContext }),
  });
}

/** An is_error tool_result message; `toolUseResult` defaults to the text itself. */
export function createToolErrorMessage(
  parts: Omit<ToolResultParts, "content" | "isError"> & { text: string },
  ids: IdSource,
): UserMessage {
  const { text, ...rest } = parts;
  return createToolResultMessage(
    { ...rest, content: text, isError: true, toolUseResult: rest.toolUseResult ?? text },
    ids,
  );
}
