import { createAttachmentMessage } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { type Decision, type Iteration, terminal } from "./decision.js";
import type { ToolBatchCallInfo } from "./params.js";

/** Each call of the round with its result's content (undefined when it has none). */
function batchCalls(iteration: Iteration, results: readonly Message[]): ToolBatchCallInfo[] {
  const outputs = new Map<string, unknown>();
  for (const m of results) {
    if (m.type !== "user" || !Array.isArray(m.message.content)) continue;
    for (const b of m.message.content) {
      if (b.type === "tool_result") outputs.set(b.tool_use_id, b.content);
    }
  }
  return iteration.outcome.toolUseBlocks.map((b) => ({
    toolName: b.name,
    input: b.input,
    toolUseId: b.id,
    ...(outputs.has(b.id) ? { response: outputs.get(b.id) } : {}),
  }));
}

/**
 * Every call of the round has its result: the PostToolBatch hooks may add context for the next
 * request, or stop the turn before it (exit 2, decision "block", continue false).
 */
export async function* postToolBatch(
  iteration: Iteration,
  context: ToolUseContext,
  results: Message[],
): AsyncGenerator<Message, Decision | undefined, undefined> {
  const run = iteration.params.deps.runPostToolBatchHooks;
  if (!run) return undefined;
  const ids = iteration.params.deps.ids;
  const said = await run(batchCalls(iteration, results), context).catch(() => undefined);
  if (!said) return undefined;
  for (const { hookName, content } of said.additionalContext) {
    const message = createAttachmentMessage(
      { type: "hook_additional_context", hookName, content },
      ids,
    );
    results.push(message);
    yield message;
  }
  if (!said.stop) return undefined;
  yield createAttachmentMessage({ type: "hook_stopped_continuation", ...said.stop }, ids);
  return terminal({ reason: "hook_stopped" });
}
