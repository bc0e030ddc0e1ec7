import { readFile } from "node:fs/promises";
import type { z } from "zod";
import type { AssistantContentBlock, StopReason } from "../../protocol/content.js";
import { plausibleSignature, stableId } from "./ids.js";
import type { Pacing } from "./pacing.js";
import {
  type contentBlockSchema,
  type Fault,
  type ScenarioInput,
  scenarioSchema,
  type UsageOverride,
} from "./scenario-schema.js";

export type { Fault, UsageOverride } from "./scenario-schema.js";

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

/** A loaded scenario, ready to serve. */
export interface Scenario {
  name: string;
  turnMode: TurnMode;
  turns: ScriptedTurn[];
  side: SideRule[];
  /** Check every request against the API's invariants. */
  validate: boolean;
}

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

type BlockInput = z.output<typeof contentBlockSchema>;

function fillBlock(block: BlockInput, seed: string): AssistantContentBlock {
  if (block.type === "tool_use") {
    return { ...block, id: block.id ?? stableId("toolu", `${seed}:${block.name}`) };
  }
  if (block.type === "thinking") {
    return { ...block, signature: block.signature ?? plausibleSignature(block.thinking) };
  }
  return block;
}

type ResponseInput = ScenarioInput["turns"][number] | ScenarioInput["side"][number];

function toResponse(input: ResponseInput, seed: string, defaults: Pacing): ScriptedResponse {
  const content = input.content.map((block, i) => fillBlock(block, `${seed}:${i}`));
  const hasToolUse = content.some((block) => block.type === "tool_use");
  return {
    content,
    stopReason: input.stop_reason ?? (hasToolUse ? "tool_use" : "end_turn"),
    ...(input.usage ? { usage: input.usage } : {}),
    chunkDelayMs: input.chunkDelayMs ?? defaults.chunkDelayMs,
    deltaDelayMs: input.deltaDelayMs ?? defaults.deltaDelayMs,
  };
}

/** Checks a parsed scenario for what the schema cannot see; returns the problems. */
function semanticProblems(input: ScenarioInput): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  input.turns.forEach((turn, t) => {
    turn.content.forEach((block, b) => {
      if (block.type !== "tool_use" || block.id === undefined) return;
      const where = `turns[${t}].content[${b}].id`;
      const first = ids.get(block.id);
      if (first) problems.push(`${where}: tool_use id ${block.id} is already used at ${first}`);
      else ids.set(block.id, where);
    });
    (turn.faults ?? []).forEach((fault, f) => {
      const problem = faultProblem(fault, turn.content.length);
      if (problem) problems.push(`turns[${t}].faults[${f}].${problem}`);
    });
  });
  input.side.forEach((rule, r) => {
    const { requestKind, systemPattern } = rule.match;
    if (requestKind === undefined && systemPattern === undefined) {
      problems.push(`side[${r}].match: give requestKind, systemPattern, or both`);
    }
    if (systemPattern !== undefined) {
      try {
        new RegExp(systemPattern);
      } catch (error) {
        problems.push(`side[${r}].match.systemPattern: ${(error as Error).message}`);
      }
    }
    (rule.faults ?? []).forEach((fault, f) => {
      const problem = faultProblem(fault, rule.content.length);
      if (problem) problems.push(`side[${r}].faults[${f}].${problem}`);
    });
  });
  return problems;
}

function faultProblem(fault: Fault, blocks: number): string | undefined {
  if (fault.type === "http_error" || fault.type === "stall") return undefined;
  if (fault.afterBlocks > blocks) {
    return `afterBlocks: ${fault.afterBlocks} is more than the turn's ${blocks} blocks`;
  }
  if (fault.type !== "max_tokens" && fault.midBlock && fault.afterBlocks >= blocks) {
    return `midBlock: there is no block ${fault.afterBlocks} to cut (the turn has ${blocks})`;
  }
  return undefined;
}

function normalize(input: ScenarioInput, sourceName: string): Scenario {
  return {
    name: input.name ?? sourceName,
    turnMode: input.turnMode,
    validate: input.validate,
    turns: input.turns.map((turn, t) => ({
      ...toResponse(turn, `turn${t}`, input),
      faults: turn.faults ?? [],
    })),
    side: input.side.map((rule, r) => ({
      ...toResponse(rule, `side${r}`, input),
      faults: rule.faults ?? [],
      match: {
        ...(rule.match.requestKind === undefined ? {} : { requestKind: rule.match.requestKind }),
        ...(rule.match.systemPattern === undefined
          ? {}
          : { systemPattern: new RegExp(rule.match.systemPattern) }),
      },
    })),
  };
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
