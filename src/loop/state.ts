import type { Message, ToolUseSummaryMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import type { QueryParams } from "./params.js";
import type { Continue } from "./transitions.js";

/** Compaction bookkeeping that survives across iterations. */
export interface AutoCompactTracking {
  compacted: boolean;
  turnCounter: number;
  turnId: string;
  consecutiveFailures: number;
}

/** The state carried from one iteration to the next; every `continue` builds a new one. */
export interface State {
  messages: Message[];
  toolUseContext: ToolUseContext;
  autoCompactTracking: AutoCompactTracking | undefined;
  maxOutputTokensRecoveryCount: number;
  hasAttemptedReactiveCompact: boolean;
  maxOutputTokensOverride: number | undefined;
  /** The previous tool round's label, being written by a small model in the background. */
  pendingToolUseSummary: Promise<ToolUseSummaryMessage | null> | undefined;
  stopHookActive: boolean | undefined;
  turnCount: number;
  /** Why this iteration runs (undefined on the first). */
  transition: Continue | undefined;
}

/** The state a turn starts with. */
export function initialState(params: QueryParams): State {
  return {
    messages: params.messages,
    toolUseContext: params.toolUseContext,
    autoCompactTracking: undefined,
    maxOutputTokensRecoveryCount: 0,
    hasAttemptedReactiveCompact: false,
    maxOutputTokensOverride: params.maxOutputTokensOverride,
    pendingToolUseSummary: undefined,
    stopHookActive: undefined,
    turnCount: 1,
    transition: undefined,
  };
}
