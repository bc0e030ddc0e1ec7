import { type AnyTool, findTool } from "../../tool.js";

/** The tools a query picked, and the names it asked for that matched nothing. */
export interface FoundTools {
  tools: AnyTool[];
  unknown: string[];
}

const SELECT_PREFIX = /^select:/i;

/** The names of a "select:A,B" query, or undefined for a keyword query. */
export function selectedNames(query: string): string[] | undefined {
  const trimmed = query.trim();
  if (!SELECT_PREFIX.test(trimmed)) return undefined;
  const names = trimmed
    .replace(SELECT_PREFIX, "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  return [...new Set(names)];
}

/** The tools named (exactly, by alias, or ignoring case), in the order asked. */
export function selectTools(names: readonly string[], tools: readonly AnyTool[]): FoundTools {
  const found: AnyTool[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const tool =
      findTool(tools, name) ?? tools.find((candidate) => candidate.name.toLowerCase() === lower);
    if (!tool) unknown.push(name);
    else if (!found.includes(tool)) found.push(tool);
  }
  return { tools: found, unknown };
}

/** The words of a tool name: "mcp__slack__send_message" and "SendMessage" both give send, message. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** How well a tool matches the query's terms: a whole name word counts most, the description least. */
function score(tool: AnyTool, query: string, terms: readonly string[]): number {
  if (tool.name.toLowerCase() === query) return Number.POSITIVE_INFINITY;
  const words = nameWords(tool.name);
  const name = tool.name.toLowerCase();
  const description = tool.description.toLowerCase();
  let total = 0;
  for (const term of terms) {
    if (words.includes(term)) total += 3;
    else if (name.includes(term)) total += 2;
    if (description.includes(term)) total += 1;
  }
  return total;
}

/** The candidates matching a keyword query, best first (ties keep list order), at most `max`. */
export function rankTools(query: string, candidates: readonly AnyTool[], max: number): AnyTool[] {
  const normalized = query.trim().toLowerCase();
  const terms = normalized.split(/[\s,]+/).filter((term) => term.length > 0);
  return candidates
    .map((tool, index) => ({ tool, index, score: score(tool, normalized, terms) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .map((entry) => entry.tool);
}
