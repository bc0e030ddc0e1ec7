import type { AgentDefinition } from "../../config/agent-definition.js";
import type { QueryEngineConfig } from "./config.js";

/** The session's agent types as they are now (a function in the config is asked each time). */
export function agentsOf(config: Pick<QueryEngineConfig, "agents">): readonly AgentDefinition[] {
  const { agents } = config;
  return typeof agents === "function" ? agents() : (agents ?? []);
}
