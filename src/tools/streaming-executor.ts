import type { ToolUseBlock } from "../protocol/content.js";
import type { IdSource } from "../protocol/factories.js";
import type { AssistantMessage } from "../protocol/messages.js";
import { applyContextModifier } from "./apply-context-modifier.js";
import { type ChildAbortController, createChildAbortController } from "./child-abort-controller.js";
import type { ToolUseContext } from "./context.js";
import { isUnloadedDeferredTool } from "./deferred-tools.js";
import {
  type CancelReason,
  cancellationText,
  describeCall,
  INTERRUPT,
  SIBLING_ERROR,
  STREAMING_FALLBACK,
} from "./executor-cancellation.js";
import { createEntry, type ExecutorEntry } from "./executor-entry.js";
import { runToolUse } from "./run-tool-use.js";
import { type AnyTool, findTool, type InterruptBehavior } from "./tool.js";
import { toolUseError } from "./tool-errors.js";
import { isConcurrencySafeCall } from "./tool-input.js";
import { createToolErrorMessage } from "./tool-result-message.js";
import { type ToolMessage, type ToolUpdate, toolResultsOf } from "./tool-update.js";

/** What a call does on a new user message; Claude Code's default is to finish first. */
function interruptBehaviorOf(tool: AnyTool | undefined): InterruptBehavior {
  try {
    return tool?.interruptBehavior?.() ?? "block";
  } catch {
    return "block";
  }
}

/** A message the executor releases. */
export interface ExecutorUpdate {
  message: ToolMessage;
}

/**
 * Runs tool calls while the model is still streaming: each call starts as soon as its block
 * completes and the admission rule allows (nothing running, or it and everything running are
 * concurrency-safe). Every added call gets exactly one tool_result, whatever happens.
 */
export class StreamingToolExecutor {
  private readonly entries: ExecutorEntry[] = [];
  private readonly turn: AbortController;
  private context: ToolUseContext;
  /** Parent of every call's controller; aborted when a Bash call fails. Made on demand. */
  private siblings: ChildAbortController | undefined;
  private erroredCall: string | undefined;
  private discarded = false;
  private wake: (() => void) | undefined;

  constructor(
    context: ToolUseContext,
    private readonly ids: IdSource,
  ) {
    this.context = context;
    this.turn = context.abortController;
  }

  /** Queues a completed tool_use block (and starts it if allowed); false if the turn is over. */
  addTool(block: ToolUseBlock, assistant: AssistantMessage): boolean {
    if (this.discarded || this.turn.signal.aborted) return false;
    const tool = findTool(this.context.options.tools, block.name);
    const loadsOnDemand = tool !== undefined && isUnloadedDeferredTool(tool, this.context);
    const entry = createEntry({
      block,
      assistant,
      toolName: tool?.name ?? block.name,
      // A deferred tool's first call runs alone: its loading is a context change, and only
      // calls that ran alone may change the context.
      safe: isConcurrencySafeCall(tool, block.input) && !loadsOnDemand,
      interruptBehavior: interruptBehaviorOf(tool),
    });
    this.entries.push(entry);
    if (!tool) {
      const text = `Error: No such tool available: ${block.name}`;
      this.answer(entry, toolUseError(text), text);
      entry.status = "completed";
    }
    this.processQueue();
    return true;
  }

  /** Finished results and pending progress, without waiting; results keep order around unsafe calls. */
  *getCompletedResults(): Generator<ExecutorUpdate, void, undefined> {
    if (this.discarded) return;
    for (const entry of this.entries) {
      for (let p = entry.progress.shift(); p; p = entry.progress.shift()) yield { message: p };
      if (entry.status === "completed") {
        entry.status = "yielded";
        for (const message of entry.results) yield { message };
      } else if (entry.status === "executing" && !entry.safe) {
        break;
      }
    }
  }

  /** Everything still to come, waiting for running calls (used after the stream ended). */
  async *getRemainingResults(): AsyncGenerator<ExecutorUpdate, void, undefined> {
    while (!this.discarded && this.entries.some((e) => e.status !== "yielded")) {
      this.processQueue();
      let released = 0;
      for (const update of this.getCompletedResults()) {
        released += 1;
        yield update;
      }
      if (released > 0) continue;
      if (!this.entries.some((e) => e.status === "executing")) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Drops all work (the response is being retried on a fallback model): nothing more is yielded. */
  discard(): void {
    this.discarded = true;
    this.siblings?.controller.abort(STREAMING_FALLBACK);
    this.releaseIfIdle();
    this.notify();
  }

  /** The context after the context changes of the calls that ran alone. */
  getUpdatedContext(): ToolUseContext {
    return this.context;
  }

  private processQueue(): void {
    for (const entry of this.entries) {
      if (entry.status !== "queued") continue;
      if (this.canStart(entry.safe)) this.start(entry);
      else if (!entry.safe) break;
    }
  }

  /** Alone when unsafe; with other safe calls up to the concurrency cap when safe. */
  private canStart(safe: boolean): boolean {
    const running = this.entries.filter((e) => e.status === "executing");
    if (running.length === 0) return true;
    const cap = this.context.options.maxToolUseConcurrency;
    return safe && running.length < cap && running.every((e) => e.safe);
  }

  private start(entry: ExecutorEntry): void {
    entry.status = "executing";
    const reason = this.cancelReason(entry);
    if (!reason) {
      void this.execute(entry);
      return;
    }
    this.cancel(entry, reason);
    entry.status = "completed";
  }

  private async execute(entry: ExecutorEntry): Promise<void> {
    const own = this.ownController(entry);
    const context = { ...this.context, abortController: own.controller };
    const signal = own.controller.signal;
    try {
      for await (const update of runToolUse(
        entry.block,
        entry.assistant,
        context,
        signal,
        this.ids,
      )) {
        if (!this.accept(entry, update)) break;
      }
    } finally {
      own.dispose();
      this.settle(entry);
    }
  }

  /** Takes one update of a running call; false when the call was cancelled instead. */
  private accept(entry: ExecutorEntry, update: ToolUpdate): boolean {
    const reason = this.cancelReason(entry);
    if (reason && !entry.answered && !entry.abortedItself) {
      this.cancel(entry, reason);
      return false;
    }
    const results = toolResultsOf(update.message);
    if (results.length > 0 || update.ran) entry.answered = true;
    if (results.some((r) => r.is_error) && entry.toolName === "Bash") this.cancelSiblings(entry);
    if (update.message?.type === "progress") {
      entry.progress.push(update.message);
      this.notify();
    } else if (update.message) {
      entry.results.push(update.message);
    }
    if (update.contextModifier) entry.modifiers.push(update.contextModifier);
    return true;
  }

  private settle(entry: ExecutorEntry): void {
    entry.status = "completed";
    // Only calls that ran alone may change the context: parallel ones would race.
    if (!entry.safe) this.context = entry.modifiers.reduce(applyContextModifier, this.context);
    this.processQueue();
    this.releaseIfIdle();
    this.notify();
  }

  /** Why a call must not run (or go on running), if it must not. */
  private cancelReason(entry: ExecutorEntry): CancelReason | undefined {
    if (this.discarded) return "streaming_fallback";
    if (this.erroredCall !== undefined) return "sibling_error";
    if (!this.turn.signal.aborted) return undefined;
    // A new message from the user stops only the calls that say they may be cancelled.
    const interrupt = this.turn.signal.reason === INTERRUPT;
    return interrupt && entry.interruptBehavior !== "cancel" ? undefined : "user_interrupted";
  }

  private cancel(entry: ExecutorEntry, reason: CancelReason): void {
    this.answer(entry, cancellationText(reason, this.erroredCall));
  }

  private answer(entry: ExecutorEntry, text: string, toolUseResult?: string): void {
    const { block, toolName, assistant } = entry;
    const fields = { text, toolUseId: block.id, toolName, assistant };
    const message = createToolErrorMessage(
      { ...fields, toolUseResult: toolUseResult ?? text },
      this.ids,
    );
    entry.results.push(message);
    entry.answered = true;
  }

  /** A failed Bash call stops its siblings (running ones are killed) but not the turn. */
  private cancelSiblings(entry: ExecutorEntry): void {
    if (this.erroredCall !== undefined) return;
    this.erroredCall = describeCall(entry.block);
    this.siblings?.controller.abort(SIBLING_ERROR);
  }

  /** The call's controller; its own abort (not a sibling's failure) ends the turn. */
  private ownController(entry: ExecutorEntry): ChildAbortController {
    this.siblings ??= createChildAbortController(this.turn.signal);
    const own = createChildAbortController(this.siblings.controller.signal);
    const signal = own.controller.signal;
    const bubble = () => {
      if (signal.reason === SIBLING_ERROR || this.discarded || this.turn.signal.aborted) return;
      entry.abortedItself = true;
      this.turn.abort(signal.reason);
    };
    signal.addEventListener("abort", bubble, { once: true });
    return {
      controller: own.controller,
      dispose: () => {
        own.dispose();
        signal.removeEventListener("abort", bubble);
      },
    };
  }

  /** With nothing queued or running, stop listening on the turn's signal. */
  private releaseIfIdle(): void {
    if (this.entries.some((e) => e.status === "queued" || e.status === "executing")) return;
    this.siblings?.dispose();
    this.siblings = undefined;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
