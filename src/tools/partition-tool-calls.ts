import type { ToolUseBlock } from "../protocol/content.js";
import { type AnyTool, findTool } from "./tool.js";
import { isConcurrencySafeCall } from "./tool-input.js";

/** A run of calls: concurrency-safe ones together, or a single call that runs alone. */
export interface ToolBatch {
  concurrent: boolean;
  blocks: ToolUseBlock[];
}

/**
 * Splits calls, in order, into runs: consecutive concurrency-safe calls share a run; any
 * other call (unsafe, unknown tool, invalid input) is a run of its own.
 */
export function partitionToolCalls(
  blocks: readonly ToolUseBlock[],
  tools: readonly AnyTool[],
): ToolBatch[] {
  const batches: ToolBatch[] = [];
  for (const block of blocks) {
    const safe = isConcurrencySafeCall(findTool(tools, block.name), block.input);
    const last = batches.at(-1);
    if (safe && last?.concurrent) last.blocks.push(block);
    else batches.push({ concurrent: safe, blocks: [block] });
  }
  return batches;
}
