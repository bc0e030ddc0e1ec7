import type { Message } from "../protocol/messages.js";
import type { StreamOutcome } from "./outcome.js";
import type { QueryParams } from "./params.js";
import type { State } from "./state.js";
import type { Terminal } from "./transitions.js";

/** What a step of the finish path decided: go round again with a new state, or end. */
export type Decision =
  | { kind: "continue"; state: State }
  | { kind: "terminal"; terminal: Terminal };

/** Counters the loop keeps for itself across iterations of one turn (not part of State). */
export interface LoopLocals {
  /** Consecutive stop-hook blocks since the last tool round. */
  stopHookBlocks: number;
  /** Token-budget continuations so far, and the output-token deltas they produced. */
  budget: { continuations: number; lastDelta: number; lastTurnTokens: number };
  /** Output tokens of every response in this turn. */
  turnOutputTokens: number;
}

/** What every step of the finish path looks at. */
export interface Iteration {
  state: State;
  params: QueryParams;
  /** The history this request was built from (after the compact boundary and the pipeline). */
  messagesForQuery: Message[];
  outcome: StreamOutcome;
  locals: LoopLocals;
}

/** A step of the finish path: undefined when it does not apply. */
export type FinishStep = (
  iteration: Iteration,
) => AsyncGenerator<Message, Decision | undefined, undefined>;

/** The common shape of a recovery continue: nothing from the previous round is pending. */
export function continueWith(
  state: State,
  changes: Partial<State> & Pick<State, "messages" | "transition">,
): Decision {
  return {
    kind: "continue",
    state: {
      ...state,
      pendingToolUseSummary: undefined,
      maxOutputTokensOverride: undefined,
      ...changes,
    },
  };
}

/** Ends the turn. */
export function terminal(value: Terminal): Decision {
  return { kind: "terminal", terminal: value };
}
