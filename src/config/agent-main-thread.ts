import type { AgentDefinition } from "./agent-definition.js";

/** The agent the main thread runs as, or why the name cannot be used. */
export type MainAgentChoice =
  | { ok: true; definition: AgentDefinition }
  | { ok: false; problem: string };

/**
 * Finds the agent the main thread runs as (`--agent`, or the `agent` setting); an unknown
 * name is a problem that lists the agents there are, so the person can pick one.
 */
export function findMainAgent(
  name: string,
  definitions: readonly AgentDefinition[],
  origin = "--agent",
): MainAgentChoice {
  const definition = definitions.find((d) => d.name === name);
  if (definition) return { ok: true, definition };
  const available = definitions.map((d) => d.name).join(", ") || "none";
  return {
    ok: false,
    problem: `${origin} names the agent "${name}", which is not defined. Available agents: ${available}`,
  };
}

/** What running the main thread as an agent changes in the session's settings. */
export interface MainAgentOverrides {
  /** The agent's prompt: it replaces keel's system prompt (and --system-prompt). */
  systemPrompt: string;
  model?: string;
  maxTurns?: number;
}

/**
 * The session settings of a main thread that runs as `definition`, as Claude Code does it:
 * the agent's prompt is the system prompt (text appended with --append-system-prompt still
 * follows it); its model, unless "inherit" or a model was given on the command line; its
 * turn limit, unless one was given.
 */
export function mainAgentOverrides(
  definition: AgentDefinition,
  given: { model?: string | undefined; maxTurns?: number | undefined },
): MainAgentOverrides {
  const agentModel =
    definition.model === undefined || definition.model === "inherit" ? undefined : definition.model;
  const model = given.model ?? agentModel;
  const maxTurns = given.maxTurns ?? definition.maxTurns;
  return {
    systemPrompt: definition.prompt,
    ...(model === undefined ? {} : { model }),
    ...(maxTurns === undefined ? {} : { maxTurns }),
  };
}
