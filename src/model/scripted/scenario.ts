import { readFile } from "node:fs/promises";
import type { z } from "zod";
import type { Pacing } from "./pacing.js";
import { semanticProblems } from "./scenario-checks.js";
import { toResponse } from "./scenario-fill.js";
import {
  type AgentScriptInput,
  type LatencyInput,
  type ScenarioInput,
  scenarioSchema,
} from "./scenario-schema.js";
import type { Scenario, Script, SideRule, TurnMode } from "./scenario-types.js";

export type { Fault, UsageOverride } from "./scenario-schema.js";
export type {
  Latency,
  Scenario,
  Script,
  ScriptedResponse,
  ScriptedTurn,
  SideRule,
  TurnMode,
} from "./scenario-types.js";

/** A scenario that could not be loaded; the message names the file and each bad field. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(problems.map((problem) => `${source}: ${problem}`).join("\n"));
    this.name = "ScenarioError";
  }
}

type Path = ReadonlyArray<PropertyKey>;

/** `turns[2].content[0].input`, the way a person would point at the field. */
function formatPath(path: Path): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "(top level)" : out;
}

/** The branch of a union that got furthest is the one the author meant. */
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const candidates = issue.errors.flat().map((inner) => ({
    ...inner,
    path: [...issue.path, ...inner.path],
  }));
  const best = candidates.reduce((a, b) => (b.path.length > a.path.length ? b : a));
  return best.path.length > issue.path.length ? deepest(best as z.core.$ZodIssue) : issue;
}

function describeIssue(raw: z.core.$ZodIssue): string {
  const issue = deepest(raw);
  const message = issue.message
    .replace(/^Invalid input: /, "")
    .replace(/expected record/, "expected object");
  return `${formatPath(issue.path)}: ${message}`;
}

type SideInput = ScenarioInput["side"][number];

function sideRules(rules: readonly SideInput[], seed: string, pacing: Pacing): SideRule[] {
  return rules.map((rule, r) => ({
    ...toResponse(rule, `${seed}side${r}`, pacing),
    faults: rule.faults ?? [],
    match: {
      ...(rule.match.requestKind === undefined ? {} : { requestKind: rule.match.requestKind }),
      ...(rule.match.systemPattern === undefined
        ? {}
        : { systemPattern: new RegExp(rule.match.systemPattern) }),
    },
  }));
}

/** The parts of a script as written, with the pacing it runs at. */
interface ScriptSource extends Pacing {
  turnMode: TurnMode;
  latency: LatencyInput;
  turns: ScenarioInput["turns"];
  side: SideRule[];
}

function toScript(source: ScriptSource, seed: string, agent?: string): Script {
  return {
    ...(agent === undefined ? {} : { agent }),
    turnMode: source.turnMode,
    latency: source.latency,
    turns: source.turns.map((turn, t) => ({
      ...toResponse(turn, `${seed}turn${t}`, source),
      faults: turn.faults ?? [],
    })),
    side: source.side,
  };
}

/** An agent's script: its own settings, else the scenario's; its side rules, then the scenario's. */
function agentScript(
  name: string,
  input: AgentScriptInput,
  top: ScenarioInput,
  shared: SideRule[],
) {
  const pacing = {
    chunkDelayMs: input.chunkDelayMs ?? top.chunkDelayMs,
    deltaDelayMs: input.deltaDelayMs ?? top.deltaDelayMs,
  };
  const seed = `agent ${name} `;
  const source: ScriptSource = {
    ...pacing,
    turnMode: input.turnMode ?? top.turnMode,
    latency: input.latencyMs ?? top.latencyMs,
    turns: input.turns,
    side: [...sideRules(input.side, seed, pacing), ...shared],
  };
  return toScript(source, seed, name);
}

function normalize(input: ScenarioInput, sourceName: string): Scenario {
  const side = sideRules(input.side, "", input);
  const own = toScript({ ...input, latency: input.latencyMs, side }, "");
  const agents = new Map<string, Script>();
  for (const [name, script] of Object.entries(input.agents)) {
    agents.set(name, agentScript(name, script, input, side));
  }
  return { ...own, name: input.name ?? sourceName, validate: input.validate, agents };
}

/**
 * Validates a scenario (its JSON text, or the value already parsed) and fills in what it may
 * leave out. Throws a `ScenarioError` naming `sourceName` and the path of every bad field.
 */
export function parseScenario(json: unknown, sourceName: string): Scenario {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new ScenarioError(sourceName, [`not valid JSON (${(error as Error).message})`]);
    }
  }
  const parsed = scenarioSchema.safeParse(value);
  if (!parsed.success) throw new ScenarioError(sourceName, parsed.error.issues.map(describeIssue));
  const problems = semanticProblems(parsed.data);
  if (problems.length > 0) throw new ScenarioError(sourceName, problems);
  return normalize(parsed.data, sourceName);
}

/** Reads and parses a scenario file; errors name the file as given. */
export async function loadScenario(path: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new ScenarioError(path, [`cannot read the file (${(error as Error).message})`]);
  }
  return parseScenario(text, path);
}
