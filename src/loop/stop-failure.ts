import type { AssistantMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import type { QueryParams } from "./params.js";

/**
 * A turn is ending on an API error: the StopFailure hooks are told (side effects only; what
 * they say cannot change the ending, and a failing hook never turns it into a crash).
 */
export async function stopFailure(
  params: QueryParams,
  context: ToolUseContext,
  error: AssistantMessage,
): Promise<void> {
  const run = params.deps.runStopFailureHooks;
  if (!run) return;
  await run(error, context).catch(() => undefined);
}
