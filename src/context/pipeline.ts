import type { QueryDeps } from "../loop/params.js";
import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import type { ContextCollapse } from "./collapse.js";
import type { SnipResult } from "./snip.js";
import { estimateTokens } from "./tokens.js";

/** The cheap steps of the context pipeline; each optional. */
export interface ContextPipelineSteps {
  /** createToolResultBudget. */
  budget?: (messages: Message[]) => Promise<Message[]>;
  /** createSnip (opt-in). */
  snip?: (messages: Message[]) => SnipResult;
  /** Told of each snip boundary, for the UI (the loop does not yield pipeline messages). */
  onSnip?: (boundary: Message) => void;
  /** createMicrocompact. */
  microcompact?: (messages: Message[], context: ToolUseContext) => Promise<Message[]>;
  /** createContextCollapse. */
  collapse?: ContextCollapse;
}

/** The cheap steps as one QueryDeps.microcompact, and what they freed. */
export interface ContextPipeline {
  step: NonNullable<QueryDeps["microcompact"]>;
  /**
   * Estimated tokens the step removed from this history (an array it returned), 0 for any
   * other. The last response's usage still counts them: auto-compaction subtracts them.
   */
  freedTokens(messages: readonly Message[]): number;
}

/**
 * One QueryDeps.microcompact that runs the cheap steps in the seeds' order — tool-result
 * budget, snip, microcompact, context collapse — before auto-compaction (which the loop runs
 * next). Returns the same array when no step changed anything.
 */
export function createContextPipeline(steps: ContextPipelineSteps): ContextPipeline {
  const freed = new WeakMap<readonly Message[], number>();
  const step: ContextPipeline["step"] = async (messages, context) => {
    let out = messages;
    if (steps.budget) out = await steps.budget(out);
    if (steps.snip) {
      const snipped = steps.snip(out);
      if (snipped.boundary) steps.onSnip?.(snipped.boundary);
      out = snipped.messages;
    }
    if (steps.microcompact) out = await steps.microcompact(out, context);
    if (steps.collapse) out = await steps.collapse.apply(out, context);
    if (out !== messages)
      freed.set(out, Math.max(0, estimateTokens(messages) - estimateTokens(out)));
    return out;
  };
  return { step, freedTokens: (messages) => freed.get(messages) ?? 0 };
}
