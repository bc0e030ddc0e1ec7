import type { ToolUseBlock } from "../protocol/content.js";
import { createAttachmentMessage, type IdSource } from "../protocol/factories.js";
import type { AssistantMessage, Attachment } from "../protocol/messages.js";
import type { ToolDecision, ToolUseContext } from "./context.js";
import { createToolErrorMessage } from "./tool-result-message.js";
import type { ToolUpdate } from "./tool-update.js";

/** Everything one tool call's steps share: which call it is and how to write its messages. */
export interface ToolCallScope {
  block: ToolUseBlock;
  assistant: AssistantMessage;
  toolName: string;
  context: ToolUseContext;
  signal: AbortSignal;
  ids: IdSource;
  /** Appended to an input validation error (a deferred tool called before its schema was sent). */
  validationHint?: string;
}

/** An is_error tool_result for this call. */
export function failure(scope: ToolCallScope, text: string, toolUseResult?: unknown): ToolUpdate {
  const message = createToolErrorMessage(
    {
      text,
      toolUseId: scope.block.id,
      toolName: scope.toolName,
      assistant: scope.assistant,
      ...(toolUseResult === undefined ? {} : { toolUseResult }),
    },
    scope.ids,
  );
  return { message };
}

/** An attachment message for this call. */
export function attachment(scope: ToolCallScope, value: Attachment): ToolUpdate {
  return { message: createAttachmentMessage(value, scope.ids) };
}

/** A hook asked to stop the turn: the loop ends it after this batch. */
export function stoppedContinuation(
  scope: ToolCallScope,
  stop: { reason: string; hookName: string; result?: string },
): ToolUpdate {
  return attachment(scope, {
    type: "hook_stopped_continuation",
    hookName: stop.hookName,
    message: stop.reason || "Execution stopped by hook",
    ...(stop.result === undefined ? {} : { result: stop.result }),
  });
}

/** Records how this call's permission was decided. */
export function recordDecision(scope: ToolCallScope, decision: ToolDecision): void {
  scope.context.toolDecisions.set(scope.block.id, decision);
}
