import type { ModelRequest } from "../../model/provider.js";

/** The categories that fill the context, in the order `/context` lists them. */
const USED_CATEGORIES = [
  { id: "system_prompt", name: "System prompt" },
  { id: "system_tools", name: "System tools" },
  { id: "mcp_tools", name: "MCP tools" },
  { id: "custom_agents", name: "Custom agents" },
  { id: "memory_files", name: "Memory files" },
  { id: "skills", name: "Skills" },
  { id: "messages", name: "Messages" },
] as const;

type UsedCategoryId = (typeof USED_CATEGORIES)[number]["id"];

/** One row of the breakdown: what fills the window, what is free, what compaction keeps back. */
export type ContextCategory =
  | { kind: "used"; id: UsedCategoryId; name: string; tokens: number }
  | { kind: "free"; id: "free_space"; name: "Free space"; tokens: number }
  | { kind: "buffer"; id: "autocompact_buffer"; name: "Autocompact buffer"; tokens: number };

/** The `/context` report: the next request's tokens, by category, against the model's window. */
export interface ContextUsage {
  model: string;
  /** The next request's input tokens: the backend's count, or keel's estimate. */
  totalTokens: number;
  /** How the total was had: the provider's count_tokens endpoint, or characters ÷ 4. */
  counted: "api" | "estimate";
  /** The model's context window. */
  windowTokens: number;
  /** Rounded total ÷ window, in percent. */
  percentage: number;
  categories: ContextCategory[];
  /** The MCP tools' row, tool by tool. */
  mcpTools: Array<{ name: string; serverName: string; tokens: number }>;
  /** The custom agents' row, agent by agent. */
  agents: Array<{ agentType: string; source: string; tokens: number }>;
}

/** A custom agent as the Agent tool's description names it. */
export interface ListedAgent {
  agentType: string;
  /** Where it was defined (Claude Code's source names: projectSettings, userSettings, plugin …). */
  source: string;
  /** Its line in the description. */
  line: string;
}

/** The characters of each MCP tool and custom agent: how their rows are shared out. */
interface ItemShares {
  mcpTools: Array<{ name: string; serverName: string; chars: number }>;
  agents: Array<{ agentType: string; source: string; chars: number }>;
}

/** Characters of each category in a request: how its counted total is shared out. */
export type CategoryShares = Record<UsedCategoryId, number>;

/** What a request's shares are carved from besides the request itself. */
interface ShareParts {
  /** The memory files' text in the user context. */
  memoryText: string;
  /** The skill listings the messages carry. */
  skillListings: readonly string[];
  /** The user's own agents the Agent tool's description names. */
  customAgents: readonly ListedAgent[];
}

const chars = (value: unknown): number => JSON.stringify(value ?? "").length;

/**
 * How many characters of the request each category takes, measured on the request as sent:
 * memory files and skill listings are carved out of the messages, the custom agents' lines out
 * of the tools that carry them.
 */
export function requestShares(request: ModelRequest, parts: ShareParts): CategoryShares {
  const tools = request.tools ?? [];
  const mcp = tools.filter((tool) => tool.name.startsWith("mcp__"));
  const toolChars = chars(tools) - chars(mcp);
  const agents = Math.min(toolChars, sum(parts.customAgents.map((a) => chars(a.line))));
  const messages = chars(request.messages);
  const memory = Math.min(messages, parts.memoryText === "" ? 0 : chars(parts.memoryText));
  const skills = Math.min(messages - memory, sum(parts.skillListings.map(chars)));
  return {
    system_prompt: chars(request.system),
    system_tools: toolChars - agents,
    mcp_tools: mcp.length === 0 ? 0 : chars(mcp),
    custom_agents: agents,
    memory_files: memory,
    skills,
    messages: messages - memory - skills,
  };
}

/** Each MCP tool's and custom agent's characters in the request. */
export function itemShares(request: ModelRequest, parts: ShareParts): ItemShares {
  const mcp = (request.tools ?? []).filter((tool) => tool.name.startsWith("mcp__"));
  return {
    mcpTools: mcp.map((tool) => ({
      name: tool.name,
      serverName: tool.name.split("__")[1] ?? "",
      chars: chars(tool),
    })),
    agents: parts.customAgents.map(({ agentType, source, line }) => ({
      agentType,
      source,
      chars: chars(line),
    })),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** `total` shared out in proportion to `weights` (largest remainder): the parts add up to it. */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const all = sum(weights);
  if (all === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / all);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  let left = total - sum(parts);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Shares `total` out in proportion to the characters, so the rows add up to the counted total
 * exactly; with no characters at all it is the messages'.
 */
export function apportion(total: number, shares: CategoryShares): Record<UsedCategoryId, number> {
  const ids = USED_CATEGORIES.map((c) => c.id);
  const weights = ids.map((id) => shares[id]);
  const parts =
    sum(weights) === 0
      ? ids.map((id) => (id === "messages" ? total : 0))
      : largestRemainder(total, weights);
  return Object.fromEntries(ids.map((id, i) => [id, parts[i] ?? 0])) as Record<
    UsedCategoryId,
    number
  >;
}

/** What the report is built from. */
interface UsageInputs {
  model: string;
  totalTokens: number;
  counted: ContextUsage["counted"];
  windowTokens: number;
  /** Tokens auto-compaction keeps back below the window (0 when it is off). */
  bufferTokens: number;
  shares: CategoryShares;
  items: ItemShares;
}

/** Items with their row's tokens shared out by their characters. */
function sharedOut<T extends { chars: number }>(
  tokens: number,
  items: readonly T[],
): Array<Omit<T, "chars"> & { tokens: number }> {
  const parts = largestRemainder(
    tokens,
    items.map((item) => item.chars),
  );
  return items.map(({ chars: _chars, ...item }, i) => ({ ...item, tokens: parts[i] ?? 0 }));
}

/** The report: the counted total shared out by category, then free space and the buffer. */
export function contextUsage(inputs: UsageInputs): ContextUsage {
  const split = apportion(inputs.totalTokens, inputs.shares);
  const used: ContextCategory[] = USED_CATEGORIES.map(({ id, name }) => ({
    kind: "used",
    id,
    name,
    tokens: split[id],
  }));
  const free = Math.max(0, inputs.windowTokens - inputs.totalTokens - inputs.bufferTokens);
  const rest: ContextCategory[] = [
    { kind: "free", id: "free_space", name: "Free space", tokens: free },
  ];
  if (inputs.bufferTokens > 0) {
    rest.push({
      kind: "buffer",
      id: "autocompact_buffer",
      name: "Autocompact buffer",
      tokens: inputs.bufferTokens,
    });
  }
  return {
    model: inputs.model,
    totalTokens: inputs.totalTokens,
    counted: inputs.counted,
    windowTokens: inputs.windowTokens,
    percentage: Math.round((inputs.totalTokens / inputs.windowTokens) * 100),
    categories: [...used, ...rest],
    mcpTools: sharedOut(split.mcp_tools, inputs.items.mcpTools),
    agents: sharedOut(split.custom_agents, inputs.items.agents),
  };
}
