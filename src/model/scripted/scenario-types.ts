import type { AssistantContentBlock, StopReason } from "../../protocol/content.js";
import type { Pacing } from "./pacing.js";
import type { Fault, LatencyInput, UsageOverride } from "./scenario-schema.js";

/** What the scripted model answers to one request: blocks with ids and signatures filled in. */
export interface ScriptedResponse extends Pacing {
  content: AssistantContentBlock[];
  stopReason: StopReason;
  usage?: UsageOverride;
}

/** One main-request turn: its response and the faults that come before it. */
export interface ScriptedTurn extends ScriptedResponse {
  faults: Fault[];
}

/** A side-request rule: every given criterion must match. */
export interface SideRule extends ScriptedResponse {
  match: { requestKind?: string; systemPattern?: RegExp };
  /** What goes wrong before the rule answers, counted over all the requests it matches. */
  faults: Fault[];
}

/** How a request's turn is chosen (contracts.md §9). */
export type TurnMode = "assistant-count" | "count";

/** The pause before each response: a fixed number of ms, or drawn from a seeded range. */
export type Latency = LatencyInput;

/**
 * The turns and side rules that answer one agent (or the main thread, and every agent
 * without a script of its own). Each script keeps its own count of turns and faults.
 */
export interface Script {
  /** The agent it belongs to; undefined for the scenario's own script. */
  agent?: string;
  turnMode: TurnMode;
  turns: ScriptedTurn[];
  /** For an agent: its own rules first, then the scenario's. */
  side: SideRule[];
  latency: Latency;
}

/** A loaded scenario, ready to serve: its own script, and the agents' scripts. */
export interface Scenario extends Script {
  name: string;
  /** Check every request against the API's invariants. */
  validate: boolean;
  /** Scripts by agent name (the x-keel-agent header). */
  agents: ReadonlyMap<string, Script>;
}
