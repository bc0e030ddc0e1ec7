import type { AgentDefinition } from "../../../config/agent-definition.js";
import { normalizeNameForMcp } from "../../../mcp/names.js";
import type { SubagentRunInput } from "../../subagent.js";
import type { AnyTool } from "../../tool.js";

/** An agent's own MCP servers while it runs: their tools, and their end. */
interface AgentMcpServers {
  tools: readonly AnyTool[];
  close(): Promise<void>;
}

/** Connects the servers an agent's `mcpServers` defines inline (`{ name: config }` entries). */
export type AgentMcpStarter = (
  servers: Readonly<Record<string, unknown>>,
  agent: string,
) => Promise<AgentMcpServers>;

/** The inline definitions of an agent's `mcpServers`, by name (a later one of a name wins). */
export function inlineServers(definition: AgentDefinition): Record<string, unknown> {
  const entries = (definition.mcpServers ?? []).filter((e) => typeof e !== "string");
  return Object.assign({}, ...entries);
}

/** The session's servers an agent's `mcpServers` names. */
function namedServers(definition: AgentDefinition): string[] {
  return (definition.mcpServers ?? []).filter((e): e is string => typeof e === "string");
}

/**
 * The definition with its servers' tools allowed: a `tools` list gets the tools of the
 * session's servers it names (`mcp__<server>__…` of the parent's tools) and of its own.
 */
export function withServerTools(
  definition: AgentDefinition,
  parentTools: readonly AnyTool[],
  own: readonly AnyTool[],
): AgentDefinition {
  if (definition.tools === undefined) return definition;
  const prefixes = namedServers(definition).map((n) => `mcp__${normalizeNameForMcp(n)}__`);
  const named = parentTools.filter((t) => prefixes.some((p) => t.name.startsWith(p)));
  const added = [...named, ...own].map((t) => t.name);
  return { ...definition, tools: [...definition.tools, ...added] };
}

/** No servers of its own: nothing to start or close. */
const NO_AGENT_SERVERS: AgentMcpServers = { tools: [], close: async () => {} };

/** Starts the agent's inline servers (none, or no starter: nothing). */
function startAgentServers(
  definition: AgentDefinition,
  start: AgentMcpStarter | undefined,
): Promise<AgentMcpServers> {
  const inline = inlineServers(definition);
  if (!start || Object.keys(inline).length === 0) return Promise.resolve(NO_AGENT_SERVERS);
  return start(inline, definition.name);
}

/**
 * A subagent run with its MCP servers: the inline ones started for this run and stopped after
 * it, their tools and the named servers' tools added to what it may use.
 */
export function withAgentServers<R>(
  run: (input: SubagentRunInput) => Promise<R>,
  start: AgentMcpStarter | undefined,
): (input: SubagentRunInput) => Promise<R> {
  return async (input) => {
    if (input.definition.mcpServers === undefined) return run(input);
    const servers = await startAgentServers(input.definition, start);
    try {
      const parentTools = input.parentContext.options.tools;
      const parentContext = {
        ...input.parentContext,
        options: { ...input.parentContext.options, tools: [...parentTools, ...servers.tools] },
      };
      const definition = withServerTools(input.definition, parentTools, servers.tools);
      return await run({ ...input, definition, parentContext });
    } finally {
      await servers.close();
    }
  };
}
