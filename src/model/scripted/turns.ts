import type { Fault, Scenario, ScriptedTurn, SideRule } from "./scenario.js";

/** What the turn rules need to know about one request. */
export interface RequestFacts {
  /** How many assistant messages the request carries. */
  assistantMessages: number;
  /** The `x-keel-request-kind` header (or the ModelRequest's kind), when known. */
  requestKind?: string;
  /** The system prompt's text (blocks joined by newlines). */
  systemText: string;
}

/** Where one scenario is in its replay. One per server or provider, never global. */
export interface TurnState {
  /** Main requests served so far (count mode's position). */
  served: number;
  /** Requests seen per turn index, so a fault fires its `times` and then the turn is served. */
  attempts: Map<number, number>;
  /** Requests seen per side rule index, for the rule's faults. */
  sideAttempts: Map<number, number>;
}

/** How a request is answered. */
export type Resolution =
  /** `fault` is set when this request to the rule fails instead of being answered. */
  | { type: "side"; ruleIndex: number; response: SideRule; fault?: Fault }
  /** `turn` is 1-based; `fault` is set when this attempt fails instead of being served. */
  | { type: "turn"; turn: number; response: ScriptedTurn; fault?: Fault }
  | { type: "past_end"; turn: number; message: string };

/** A fresh replay position. */
export function createTurnState(): TurnState {
  return { served: 0, attempts: new Map(), sideAttempts: new Map() };
}

/** The first side rule every criterion of which matches the request. */
export function matchSideRule(
  rules: readonly SideRule[],
  facts: RequestFacts,
): { rule: SideRule; index: number } | undefined {
  const index = rules.findIndex((rule) => {
    const { requestKind, systemPattern } = rule.match;
    if (requestKind !== undefined && requestKind !== facts.requestKind) return false;
    if (systemPattern !== undefined && !systemPattern.test(facts.systemText)) return false;
    return true;
  });
  return index < 0 ? undefined : { rule: rules[index]!, index };
}

/** The fault for the n-th attempt at a turn (0-based): each fault repeats its `times`. */
export function faultForAttempt(faults: readonly Fault[], attempt: number): Fault | undefined {
  let remaining = attempt;
  for (const fault of faults) {
    const times = fault.times ?? 1;
    if (remaining < times) return fault;
    remaining -= times;
  }
  return undefined;
}

/** The message of the error a request past the scenario's last turn gets. */
export function pastEndMessage(scenario: Scenario, turn: number): string {
  const count = scenario.turns.length;
  return `scripted scenario "${scenario.name}" has no turn ${turn} (it has ${count} turn${count === 1 ? "" : "s"})`;
}

/**
 * Decides how a request is answered (contracts.md §9): a side rule's canned answer (no turn
 * used), or a turn — by default the number of assistant messages in the request, so a retried
 * request gets the same turn; in `count` mode the next unserved turn — with the fault its
 * attempt number calls for. Counts the attempt in `state`; see `markServed`.
 */
export function resolveRequest(
  scenario: Scenario,
  state: TurnState,
  facts: RequestFacts,
): Resolution {
  const side = matchSideRule(scenario.side, facts);
  if (side) {
    const attempt = state.sideAttempts.get(side.index) ?? 0;
    state.sideAttempts.set(side.index, attempt + 1);
    const fault = faultForAttempt(side.rule.faults, attempt);
    return {
      type: "side",
      ruleIndex: side.index,
      response: side.rule,
      ...(fault ? { fault } : {}),
    };
  }
  const index = scenario.turnMode === "count" ? state.served : facts.assistantMessages;
  const turn = scenario.turns[index];
  if (!turn)
    return { type: "past_end", turn: index + 1, message: pastEndMessage(scenario, index + 1) };
  const attempt = state.attempts.get(index) ?? 0;
  state.attempts.set(index, attempt + 1);
  const fault = faultForAttempt(turn.faults, attempt);
  return fault
    ? { type: "turn", turn: index + 1, response: turn, fault }
    : { type: "turn", turn: index + 1, response: turn };
}

/**
 * Records that a turn's content has started to flow (after any stall): count mode moves on to
 * the next turn. Faults that cut the response never count, so their turn is served again.
 */
export function markServed(state: TurnState, resolution: Resolution): void {
  if (resolution.type !== "turn") return;
  if (resolution.fault === undefined || resolution.fault.type === "stall") state.served += 1;
}
