import type { ToolUseBlock } from "../protocol/content.js";
import type { AssistantMessage, ProgressMessage } from "../protocol/messages.js";
import type { ContextModifier } from "./apply-context-modifier.js";
import type { InterruptBehavior } from "./tool.js";
import type { ToolMessage } from "./tool-update.js";

/** Where a call of the streaming executor stands. */
export type EntryStatus = "queued" | "executing" | "completed" | "yielded";

/** A call the streaming executor tracks, from the moment its tool_use block completed. */
export interface ExecutorEntry {
  block: ToolUseBlock;
  assistant: AssistantMessage;
  /** The tool's own name (the call may have used an alias). */
  toolName: string;
  safe: boolean;
  interruptBehavior: InterruptBehavior;
  status: EntryStatus;
  /** Messages released when the call is yielded (its tool_result first among them). */
  results: ToolMessage[];
  /** Progress, released at once. */
  progress: ProgressMessage[];
  modifiers: ContextModifier[];
  /** Its tool has run or its tool_result exists: nothing may replace or duplicate it. */
  answered: boolean;
  /** Its own controller aborted the turn (a rejected permission): its result stands. */
  abortedItself: boolean;
}

/** A new entry in the queue. */
export function createEntry(
  fields: Pick<ExecutorEntry, "block" | "assistant" | "toolName" | "safe" | "interruptBehavior">,
): ExecutorEntry {
  return {
    ...fields,
    status: "queued",
    results: [],
    progress: [],
    modifiers: [],
    answered: false,
    abortedItself: false,
  };
}
