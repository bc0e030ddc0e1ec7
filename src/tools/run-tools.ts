import type { ToolUseBlock } from "../protocol/content.js";
import type { IdSource } from "../protocol/factories.js";
import type { AssistantMessage } from "../protocol/messages.js";
import { applyContextModifier, type ContextModifier } from "./apply-context-modifier.js";
import type { ToolUseContext } from "./context.js";
import { InOrderBuffer } from "./in-order-buffer.js";
import { mergeWithCap } from "./merge-with-cap.js";
import { partitionToolCalls } from "./partition-tool-calls.js";
import { runToolUse } from "./run-tool-use.js";
import type { ToolMessage, ToolUpdate } from "./tool-update.js";

/** A step of a tool batch, with the context as it stands after the step. */
export interface ToolsUpdate {
  message?: ToolMessage;
  context: ToolUseContext;
}

/** Finds the assistant message (block message) a tool_use came in. */
export type AssistantFor = (block: ToolUseBlock) => AssistantMessage;

/**
 * Runs a response's tool calls after it has streamed: consecutive concurrency-safe calls
 * together (at most `options.maxToolUseConcurrency` at once), every other call alone, in
 * order. Results come in the model's order; progress as it happens. Returns the final context.
 */
export async function* runTools(
  blocks: readonly ToolUseBlock[],
  assistantFor: AssistantFor,
  context: ToolUseContext,
  ids: IdSource,
): AsyncGenerator<ToolsUpdate, ToolUseContext, undefined> {
  let current = context;
  for (const batch of partitionToolCalls(blocks, current.options.tools)) {
    current = batch.concurrent
      ? yield* runConcurrently(batch.blocks, assistantFor, current, ids)
      : yield* runSerially(batch.blocks[0]!, assistantFor, current, ids);
  }
  return current;
}

/** One call alone; its context change applies at once. */
async function* runSerially(
  block: ToolUseBlock,
  assistantFor: AssistantFor,
  context: ToolUseContext,
  ids: IdSource,
): AsyncGenerator<ToolsUpdate, ToolUseContext, undefined> {
  let current = context;
  const signal = context.abortController.signal;
  for await (const update of runToolUse(block, assistantFor(block), current, signal, ids)) {
    if (update.contextModifier) current = applyContextModifier(current, update.contextModifier);
    yield update.message ? { message: update.message, context: current } : { context: current };
  }
  return current;
}

type Tracked = { update: ToolUpdate } | { finished: true };

/** A call's updates, then a marker saying it is finished. */
async function* tracked(updates: AsyncGenerator<ToolUpdate>): AsyncGenerator<Tracked> {
  for await (const update of updates) yield { update };
  yield { finished: true };
}

/** Safe calls together; results released in block order, context changes after the batch. */
async function* runConcurrently(
  blocks: readonly ToolUseBlock[],
  assistantFor: AssistantFor,
  context: ToolUseContext,
  ids: IdSource,
): AsyncGenerator<ToolsUpdate, ToolUseContext, undefined> {
  const signal = context.abortController.signal;
  const sources = blocks.map((b) => tracked(runToolUse(b, assistantFor(b), context, signal, ids)));
  const buffer = new InOrderBuffer<ToolMessage>(blocks.length);
  const modifiers: ContextModifier[][] = blocks.map(() => []);
  for await (const { source, value } of mergeWithCap(
    sources,
    context.options.maxToolUseConcurrency,
  )) {
    let released: ToolMessage[];
    if ("finished" in value) released = buffer.finish(source);
    else {
      const { message, contextModifier } = value.update;
      if (contextModifier) modifiers[source]!.push(contextModifier);
      if (message?.type === "progress") released = [message];
      else released = message ? buffer.add(source, message) : [];
    }
    for (const message of released) yield { message, context };
  }
  const changes = modifiers.flat();
  if (changes.length === 0) return context;
  const updated = changes.reduce(applyContextModifier, context);
  yield { context: updated };
  return updated;
}
