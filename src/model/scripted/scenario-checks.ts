import type { z } from "zod";
import { MAIN_AGENT } from "../provider.js";
import type {
  contentBlockSchema,
  Fault,
  ScenarioInput,
  sideRuleSchema,
  turnSchema,
} from "./scenario-schema.js";

type BlockInput = z.output<typeof contentBlockSchema>;
type TurnInput = z.output<typeof turnSchema>;
type SideInput = z.output<typeof sideRuleSchema>;

/** The parts of a script the checks read, and where it sits in the file. */
interface ScriptInput {
  path: string;
  turns: TurnInput[];
  side: SideInput[];
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

function faultProblems(faults: readonly Fault[] | undefined, blocks: number, where: string) {
  const problems: string[] = [];
  (faults ?? []).forEach((fault, f) => {
    const problem = faultProblem(fault, blocks);
    if (problem) problems.push(`${where}.faults[${f}].${problem}`);
  });
  return problems;
}

/** A web search result answers a server_tool_use before it in the same response. */
function resultProblems(content: readonly BlockInput[], where: string): string[] {
  const problems: string[] = [];
  const calls: Array<string | undefined> = [];
  content.forEach((block, b) => {
    if (block.type === "server_tool_use") calls.push(block.id);
    if (block.type !== "web_search_tool_result") return;
    if (calls.length === 0) {
      problems.push(
        `${where}.content[${b}]: a web_search_tool_result needs a server_tool_use before it`,
      );
    } else if (block.tool_use_id !== undefined && !calls.includes(block.tool_use_id)) {
      problems.push(
        `${where}.content[${b}].tool_use_id: no server_tool_use before it has the id ${block.tool_use_id}`,
      );
    }
  });
  return problems;
}

/** Explicit tool ids (client and server tools) are unique in the whole scenario. */
function idProblems(content: readonly BlockInput[], where: string, ids: Map<string, string>) {
  const problems: string[] = [];
  content.forEach((block, b) => {
    if (block.type !== "tool_use" && block.type !== "server_tool_use") return;
    if (block.id === undefined) return;
    const at = `${where}.content[${b}].id`;
    const first = ids.get(block.id);
    if (first) problems.push(`${at}: ${block.type} id ${block.id} is already used at ${first}`);
    else ids.set(block.id, at);
  });
  return problems;
}

function matchProblems(rule: SideInput, where: string): string[] {
  const { requestKind, systemPattern } = rule.match;
  if (requestKind === undefined && systemPattern === undefined) {
    return [`${where}.match: give requestKind, systemPattern, or both`];
  }
  if (systemPattern === undefined) return [];
  try {
    new RegExp(systemPattern);
    return [];
  } catch (error) {
    return [`${where}.match.systemPattern: ${(error as Error).message}`];
  }
}

function scriptProblems(script: ScriptInput, ids: Map<string, string>): string[] {
  const problems: string[] = [];
  script.turns.forEach((turn, t) => {
    const where = `${script.path}turns[${t}]`;
    problems.push(...idProblems(turn.content, where, ids));
    problems.push(...resultProblems(turn.content, where));
    problems.push(...faultProblems(turn.faults, turn.content.length, where));
  });
  script.side.forEach((rule, r) => {
    const where = `${script.path}side[${r}]`;
    problems.push(...matchProblems(rule, where));
    problems.push(...resultProblems(rule.content, where));
    problems.push(...faultProblems(rule.faults, rule.content.length, where));
  });
  return problems;
}

/** Checks a parsed scenario for what the schema cannot see; returns the problems. */
export function semanticProblems(input: ScenarioInput): string[] {
  const ids = new Map<string, string>();
  const problems = scriptProblems({ path: "", turns: input.turns, side: input.side }, ids);
  for (const [name, script] of Object.entries(input.agents)) {
    if (name === MAIN_AGENT) {
      problems.push(`agents.${name}: the main thread's script is the scenario's own turns`);
      continue;
    }
    problems.push(...scriptProblems({ path: `agents.${name}.`, ...script }, ids));
  }
  return problems;
}
