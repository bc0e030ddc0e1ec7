import type { QueryDeps } from "../loop/params.js";
import type { HookEngine } from "./engine.js";
import { HOOK_OUTPUT_CHARS } from "./run-command-hook.js";

/**
 * The engine as the loop's runPostToolBatchHooks: the round's calls with their results;
 * additionalContext goes to the next request, exit 2 / decision "block" / continue false stop
 * the turn before it.
 */
export function postToolBatchHooks(
  engine: HookEngine,
): NonNullable<QueryDeps["runPostToolBatchHooks"]> {
  return async (calls, context) => {
    const input = {
      tool_calls: calls.map((call) => ({
        tool_name: call.toolName,
        tool_input: call.input,
        tool_use_id: call.toolUseId,
        ...(call.response === undefined ? {} : { tool_response: call.response }),
      })),
      ...(context.agentId === undefined
        ? {}
        : { agent_id: context.agentId, agent_type: context.agentType ?? "" }),
    };
    if (!engine.hasHooks("PostToolBatch", input)) return { additionalContext: [] };
    const outcome = await engine.run("PostToolBatch", input, context.abortController.signal);
    const additionalContext = outcome.additionalContext.map(({ hookName, content }) => ({
      hookName,
      content: content.slice(0, HOOK_OUTPUT_CHARS),
    }));
    const blocked = outcome.blockingErrors[0];
    const stopped = outcome.preventContinuation;
    if (blocked)
      return { additionalContext, stop: { hookName: blocked.hookName, message: blocked.message } };
    if (stopped) {
      const message = stopped.reason || "Execution stopped by PostToolBatch hook";
      return { additionalContext, stop: { hookName: stopped.hookName, message } };
    }
    return { additionalContext };
  };
}
