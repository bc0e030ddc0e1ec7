import { MAIN_AGENT } from "../provider.js";
import { type LatencyDraw, latencyDraws } from "./latency.js";
import type { Fault, Scenario, Script, ScriptedTurn, SideRule } from "./scenario.js";

/** What the turn rules need to know about one request. */
export interface RequestFacts {
  /** How many assistant messages the request carries. */
  assistantMessages: number;
  /** The `x-keel-request-kind` header (or the ModelRequest's kind), when known. */
  requestKind?: string;
  /** The system prompt's text (blocks joined by newlines). */
  systemText: string;
  /** The `x-keel-agent` header (or the ModelRequest's agent), when known. */
  agent?: string;
}

/** Where one script is in its replay. One per script per server or provider, never global. */
export interface TurnState {
  /** Main requests served so far (count mode's position). */
  served: number;
  /** Requests seen per turn index, so a fault fires its `times` and then the turn is served. */
  attempts: Map<number, number>;
  /** Requests seen per side rule index, for the rule's faults. */
  sideAttempts: Map<number, number>;
  /** The pause before the script's next response. */
  nextLatency: LatencyDraw;
}

/** Where a whole scenario is in its replay: each script's own state, made when first needed. */
export interface ReplayState {
  scenario: Scenario;
  states: Map<Script, TurnState>;
}

/** How a request is answered. */
export type Resolution =
  /** `fault` is set when this request to the rule fails instead of being answered. */
  | { type: "side"; ruleIndex: number; response: SideRule; fault?: Fault }
  /** `turn` is 1-based; `fault` is set when this attempt fails instead of being served. */
  | { type: "turn"; turn: number; response: ScriptedTurn; fault?: Fault }
  | { type: "past_end"; turn: number; message: string };

/** A fresh replay position for one script. */
export function createTurnState(script: Script): TurnState {
  return {
    served: 0,
    attempts: new Map(),
    sideAttempts: new Map(),
    nextLatency: latencyDraws(script.latency),
  };
}

/** A fresh replay of a scenario. */
export function createReplayState(scenario: Scenario): ReplayState {
  return { scenario, states: new Map() };
}

/**
 * The script that answers an agent, and its state: the agent's own script when the scenario
 * has one, else the scenario's (shared by the main thread and every agent without a script).
 */
export function scriptFor(
  replay: ReplayState,
  agent: string | undefined,
): { script: Script; state: TurnState } {
  const script = replay.scenario.agents.get(agent ?? MAIN_AGENT) ?? replay.scenario;
  let state = replay.states.get(script);
  if (!state) {
    state = createTurnState(script);
    replay.states.set(script, state);
  }
  return { script, state };
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

/** The message of the error a request past a script's last turn gets. */
export function pastEndMessage(scenarioName: string, script: Script, turn: number): string {
  const count = script.turns.length;
  const whose = script.agent === undefined ? "" : ` for agent "${script.agent}"`;
  return `scripted scenario "${scenarioName}" has no turn ${turn}${whose} (it has ${count} turn${count === 1 ? "" : "s"})`;
}

/**
 * Decides how a request is answered (contracts.md §9): a side rule's canned answer (no turn
 * used), or a turn of the agent's script — by default the number of assistant messages in
 * the request, so a retried request gets the same turn; in `count` mode the next unserved
 * turn — with the fault its attempt number calls for. Counts the attempt in the script's
 * state; see `markServed`.
 */
export function resolveRequest(
  scenarioName: string,
  script: Script,
  state: TurnState,
  facts: RequestFacts,
): Resolution {
  const side = matchSideRule(script.side, facts);
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
  const index = script.turnMode === "count" ? state.served : facts.assistantMessages;
  const turn = script.turns[index];
  if (!turn) {
    const message = pastEndMessage(scenarioName, script, index + 1);
    return { type: "past_end", turn: index + 1, message };
  }
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
