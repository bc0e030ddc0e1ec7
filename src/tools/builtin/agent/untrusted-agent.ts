import type { AgentDefinition } from "../../../config/agent-definition.js";

/**
 * The definition as it may run: a project's agent file, from a folder the person did not
 * trust, runs without its own hooks and inline MCP servers (the session's servers it names
 * stay), as the project's settings run without theirs: nothing from a project folder runs
 * before folder trust.
 */
export function withoutUntrustedRunners(
  definition: AgentDefinition,
  projectTrusted: boolean,
): AgentDefinition {
  if (projectTrusted || definition.source.kind !== "project") return definition;
  const { hooks: _untrusted, mcpServers, ...rest } = definition;
  const named = (mcpServers ?? []).filter((entry) => typeof entry === "string");
  return named.length === 0 ? rest : { ...rest, mcpServers: named };
}
