import type { AgentDefinition } from "./agent-definition.js";

/** A tool as an agent's lists name it: by its name or one of its aliases (Task for Agent). */
export interface NamedTool {
  name: string;
  aliases?: readonly string[];
}

/**
 * The old names the built-in tools still answer to (Claude Code renamed them), by tool. The
 * Agent tool's description is written before the tools exist, so it reads them from here;
 * a test checks this table against the tools themselves.
 */
export const BUILT_IN_TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Agent: ["Task"],
  TaskOutput: ["BashOutput"],
  TaskStop: ["KillShell"],
};

/** The tool a name in an agent's list stands for, with its aliases (Task → Agent). */
export function namedTool(name: string): NamedTool {
  for (const [tool, aliases] of Object.entries(BUILT_IN_TOOL_ALIASES)) {
    if (name === tool || aliases.includes(name)) return { name: tool, aliases };
  }
  return { name };
}

/**
 * Whether a name in an agent's list means the tool: its name or an alias, or an MCP spec as
 * the SDK documents them: `mcp__server` and `mcp__server__*` (every tool of that server) and
 * `mcp__*` (every MCP tool).
 */
function means(spec: string, tool: NamedTool): boolean {
  if (spec === tool.name || tool.aliases?.includes(spec) === true) return true;
  if (!spec.startsWith("mcp__") || !tool.name.startsWith("mcp__")) return false;
  if (spec === "mcp__*") return true;
  const server = spec.endsWith("__*") ? spec.slice(0, -3) : spec;
  // `mcp__server` has no tool part: it names the whole server.
  return server.split("__").length === 2 && tool.name.startsWith(`${server}__`);
}

/**
 * Whether an agent may use a tool: it is in the agent's `tools` (all tools when it has none)
 * and not in its `disallowedTools`, which wins, as in Claude Code.
 */
export function agentAllowsTool(
  definition: Pick<AgentDefinition, "tools" | "disallowedTools">,
  tool: NamedTool,
): boolean {
  const named = (names: readonly string[]) => names.some((spec) => means(spec, tool));
  if (definition.disallowedTools && named(definition.disallowedTools)) return false;
  return definition.tools === undefined || named(definition.tools);
}
