import type { Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { formatSize } from "./persisted-output.js";
import { toolUseLookup } from "./rounds.js";
import { CHARS_PER_TOKEN, toolResultChars } from "./tokens.js";
import { replaceToolResults, toolResultRefs } from "./tool-results.js";

/** Tools whose old results can be cleared: the model can always run them again. */
export const COMPACTABLE_TOOLS: readonly string[] = [
  "Read",
  "Bash",
  "Grep",
  "Glob",
  "Edit",
  "MultiEdit",
  "Write",
  "NotebookEdit",
  "TaskOutput",
  "WebFetch",
  "WebSearch",
];

/** How a cleared result starts: how microcompact recognises its own work. */
export const CLEARED_MARKER_PREFIX = "[Old tool result content cleared";

/** A result microcompact cleared. */
export interface ClearedToolResult {
  toolUseId: string;
  toolName: string;
  input: Record<string, unknown>;
}

/** Settings of microcompact. */
export interface MicrocompactOptions {
  /** The newest tool output kept whole, in tokens (default 40k). */
  keepRecentTokens?: number;
  /** Clear only when it saves at least this many tokens (default 20k): a cleared result breaks the cached prefix. */
  minSavingsTokens?: number;
  compactableTools?: readonly string[];
  /** Told which results were cleared (e.g. to forget cleared Reads: `forgetClearedReads`). */
  onCleared?: (cleared: readonly ClearedToolResult[], context: ToolUseContext) => void;
}

/** The marker a cleared result shows: the tool and how much was there. */
export function clearedMarker(toolName: string, chars: number): string {
  return `${CLEARED_MARKER_PREFIX}: ${toolName}, ${formatSize(chars)}]`;
}

/**
 * Drops the readFileState entries of cleared Reads: Read must not answer "unchanged since you
 * read it" about content the model no longer has.
 */
export function forgetClearedReads(
  cleared: readonly ClearedToolResult[],
  context: ToolUseContext,
): void {
  for (const result of cleared) {
    const file = result.input.file_path;
    if (result.toolName === "Read" && typeof file === "string") context.readFileState.delete(file);
  }
}

function isCleared(content: unknown): boolean {
  return typeof content === "string" && content.startsWith(CLEARED_MARKER_PREFIX);
}

/**
 * QueryDeps.microcompact: without a model call, clears the content of old results of
 * compactable tools outside the newest `keepRecentTokens` of tool output. Idempotent; fires
 * only when it saves `minSavingsTokens`; returns the same array when nothing changes.
 */
export function createMicrocompact(
  options: MicrocompactOptions = {},
): (messages: Message[], context: ToolUseContext) => Promise<Message[]> {
  const keepRecent = options.keepRecentTokens ?? 40_000;
  const minSavings = options.minSavingsTokens ?? 20_000;
  const compactable = new Set(options.compactableTools ?? COMPACTABLE_TOOLS);
  return async (messages, context) => {
    const toolUse = toolUseLookup(messages);
    const replacements = new Map<string, string>();
    const cleared: ClearedToolResult[] = [];
    let kept = 0;
    let saved = 0;
    for (const { block } of toolResultRefs(messages).reverse()) {
      if (isCleared(block.content)) continue;
      const chars = toolResultChars(block.content);
      const tokens = Math.ceil(chars / CHARS_PER_TOKEN);
      if (kept < keepRecent) {
        kept += tokens;
        continue;
      }
      const use = toolUse(block.tool_use_id);
      if (!use || !compactable.has(use.name)) continue;
      const marker = clearedMarker(use.name, chars);
      saved += tokens - Math.ceil(marker.length / CHARS_PER_TOKEN);
      replacements.set(block.tool_use_id, marker);
      cleared.push({ toolUseId: use.id, toolName: use.name, input: use.input });
    }
    if (replacements.size === 0 || saved < minSavings) return messages;
    // The tool's own output goes too: the model can run the tool again, and every other
    // reader (UI, SDK, transcript) had it when the result was new.
    const out = replaceToolResults(messages, replacements, { dropToolUseResult: true });
    options.onCleared?.(cleared, context);
    return out;
  };
}
