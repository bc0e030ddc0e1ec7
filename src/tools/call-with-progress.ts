import type { IdSource } from "../protocol/factories.js";
import type { ProgressMessage } from "../protocol/messages.js";
import type { ToolCallContext } from "./context.js";
import type { AnyTool, ToolCallResult } from "./tool.js";
import type { ToolUpdate } from "./tool-update.js";

type Settled = { ok: true; value: ToolCallResult<unknown> } | { ok: false; error: unknown };

function progressMessage(data: unknown, toolUseId: string, ids: IdSource): ProgressMessage {
  return {
    type: "progress",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    toolUseID: toolUseId,
    parentToolUseID: toolUseId,
    data,
  };
}

/**
 * Runs `tool.call`, yielding its progress reports as progress messages while it runs, and
 * returns its result (or throws what it threw) once every report has been yielded.
 */
export async function* callWithProgress(
  tool: AnyTool,
  input: unknown,
  context: ToolCallContext,
  ids: IdSource,
): AsyncGenerator<ToolUpdate, ToolCallResult<unknown>, undefined> {
  const pending: ProgressMessage[] = [];
  let wake: (() => void) | undefined;
  const onProgress = (data: unknown) => {
    pending.push(progressMessage(data, context.toolUseId, ids));
    wake?.();
  };
  let settled: Settled | undefined;
  const settle = (outcome: Settled) => {
    settled = outcome;
    wake?.();
  };
  // Started a microtask later so that even a synchronous throw becomes a settled outcome.
  void Promise.resolve()
    .then(() => tool.call(input, context, onProgress))
    .then(
      (value) => settle({ ok: true, value }),
      (error: unknown) => settle({ ok: false, error }),
    );
  for (;;) {
    while (pending.length > 0) yield { message: pending.shift()! };
    if (settled) break;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
  const outcome: Settled = settled;
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
