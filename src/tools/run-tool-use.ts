import type { ToolUseBlock } from "../protocol/content.js";
import type { IdSource } from "../protocol/factories.js";
import type { AssistantMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "./context.js";
import { schemaNotSentHint } from "./deferred-tool-notes.js";
import { isUnloadedDeferredTool, markToolsLoaded } from "./deferred-tools.js";
import { findTool } from "./tool.js";
import { attachment, failure, type ToolCallScope } from "./tool-call-scope.js";
import { toolUseError } from "./tool-errors.js";
import { toolPipeline } from "./tool-pipeline.js";
import { type ToolUpdate, toolResultsOf } from "./tool-update.js";

/** The text of anything thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Marks the call as running (or done) for the UI; a failing host callback is not our failure. */
function markInProgress(context: ToolUseContext, id: string, running: boolean): void {
  context.setInProgressToolUseIds((previous) => {
    const next = new Set(previous);
    if (running) next.add(id);
    else next.delete(id);
    return next;
  });
}

/**
 * Runs one tool call through the whole pipeline (lookup, abort check, schema, validateInput,
 * PreToolUse hooks, permission, call, PostToolUse hooks). Never throws, and yields exactly one
 * tool_result message for the call, whatever happens. `signal` is the call's own abort signal.
 * A call to a deferred tool not loaded yet also marks it loaded (its last update).
 */
export async function* runToolUse(
  block: ToolUseBlock,
  assistant: AssistantMessage,
  context: ToolUseContext,
  signal: AbortSignal,
  ids: IdSource,
): AsyncGenerator<ToolUpdate, void, undefined> {
  const tool = findTool(context.options.tools, block.name);
  const scope: ToolCallScope = { block, assistant, toolName: block.name, context, signal, ids };
  if (!tool) {
    const text = `Error: No such tool available: ${block.name}`;
    yield failure(scope, toolUseError(text), text);
    return;
  }
  scope.toolName = tool.name;
  // A deferred tool advertised by name works when called: it runs and is loaded from now on.
  const loadsOnDemand = isUnloadedDeferredTool(tool, context);
  if (loadsOnDemand) scope.validationHint = schemaNotSentHint(tool.name);
  let answered = false;
  try {
    markInProgress(context, block.id, true);
    for await (const update of toolPipeline(tool, scope)) {
      if (toolResultsOf(update.message).length > 0) answered = true;
      yield update;
    }
  } catch (error) {
    const text = `Error calling tool (${tool.name}): ${messageOf(error)}`;
    // After the result, a failure (a PostToolUse hook's) is reported without a second result.
    yield answered
      ? attachment(scope, { type: "system_reminder", content: text })
      : failure(scope, toolUseError(text), text);
  } finally {
    try {
      markInProgress(context, block.id, false);
    } catch {
      // The UI's bookkeeping failing must not turn a finished call into a failure.
    }
  }
  if (loadsOnDemand) yield { contextModifier: markToolsLoaded([tool.name]) };
}
