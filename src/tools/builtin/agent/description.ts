import type { AgentDefinition } from "../../../config/agent-definition.js";
import { agentAllowsTool, type NamedTool, namedTool } from "../../../config/agent-tools.js";

/**
 * A name in an agent's `tools` as a tool to match `disallowedTools` against: a whole MCP
 * server (`mcp__docs`) stands for all its tools (`mcp__docs__*`), so `mcp__docs__*` and
 * `mcp__*` take it away too.
 */
function listedTool(name: string): NamedTool {
  const wholeServer =
    name !== "mcp__*" && name.startsWith("mcp__") && name.split("__").length === 2;
  return wholeServer ? { name: `${name}__*` } : namedTool(name);
}

/**
 * The tools an agent has, as the model is told: its list less what `disallowedTools` takes
 * away, matched as the subagent's tools are (aliases, MCP server specs), so the text never
 * names a tool the agent does not get. A denied tool inside a listed MCP server is named.
 */
function toolsText(definition: AgentDefinition): string {
  const denied = definition.disallowedTools ?? [];
  if (definition.tools === undefined) {
    return denied.length === 0 ? "all tools" : `all tools except ${denied.join(", ")}`;
  }
  const kept = definition.tools.filter((name) =>
    agentAllowsTool({ disallowedTools: denied }, listedTool(name)),
  );
  if (kept.length === 0) return "none";
  const carvedOut = denied.filter((name) => agentAllowsTool({ tools: kept }, namedTool(name)));
  const text = kept.join(", ");
  return carvedOut.length === 0 ? text : `${text} except ${carvedOut.join(", ")}`;
}

/** The line of the description that names one agent type. */
export function agentLine(definition: AgentDefinition): string {
  return `- ${definition.name}: ${definition.description} (Tools: ${toolsText(definition)})`;
}

/** What the model is told about Agent, with the agent types it can start. */
export function agentDescription(definitions: readonly AgentDefinition[]): string {
  return [
    "Starts a subagent: a separate agent with a fresh context that works through a task on its own, with its own tools, and reports back once, in its final message.",
    "",
    "Agent types (the subagent_type field):",
    ...definitions.map(agentLine),
    "",
    "When to use it:",
    "- Open-ended searches that may take several rounds of Glob, Grep and Read, where only the conclusion matters to you.",
    "- Independent parts of a larger task: start several agents in one response and they run in parallel.",
    "",
    "When not to use it:",
    "- Reading a file whose path you know (use Read), or finding a name in a few files (use Grep or Glob): that is faster done yourself.",
    "",
    "Usage notes:",
    "- The agent sees only your prompt, not this conversation. Write a complete task: what to do, what is already known, and exactly what to report back.",
    "- Its final message comes back to you as the tool result; the user does not see it. Tell the user what matters in it.",
    "- An agent cannot start further agents, and it cannot ask you questions.",
    "- Say whether the agent should change code or only research: it cannot tell what the user meant.",
  ].join("\n");
}
