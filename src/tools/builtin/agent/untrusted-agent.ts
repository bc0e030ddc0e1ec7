import type { AgentDefinition } from "../../../config/agent-definition.js";

/**
 * The definition as it may run: a project's agent file, from a folder the person did not
 * trust, runs without its own hooks, as the project's settings run without theirs (nothing
 * from a project folder runs before folder trust).
 */
export function withoutUntrustedHooks(
  definition: AgentDefinition,
  projectTrusted: boolean,
): AgentDefinition {
  if (projectTrusted || definition.source.kind !== "project" || !definition.hooks) {
    return definition;
  }
  const { hooks: _untrusted, ...rest } = definition;
  return rest;
}
