import { homedir } from "node:os";
import type { AgentDefinition } from "../config/agent-definition.js";
import { loadAgentDefinitions } from "../config/agent-definitions.js";
import { createAgentTool } from "../tools/builtin/agent/agent-tool.js";
import { createBuiltinTools } from "../tools/builtin/index.js";
import type { BuiltinToolsConfig } from "../tools/builtin-config.js";
import type { AnyTool } from "../tools/tool.js";
import type { CliIo } from "./io.js";
import { writeTo } from "./output.js";

/** The tools of a print-mode session and the agents its Agent tool can start. */
export interface SessionTools {
  tools: AnyTool[];
  agentDefinitions: AgentDefinition[];
}

/**
 * The built-in tools, then Agent with the agents of the project, the user and keel; agent
 * files that cannot be used are named on stderr, and the session goes on without them.
 */
export async function createSessionTools(
  config: BuiltinToolsConfig,
  io: CliIo,
): Promise<SessionTools> {
  const { definitions, warnings } = await loadAgentDefinitions(io.cwd, io.env.HOME ?? homedir());
  for (const warning of warnings) {
    await writeTo(io.stderr, `keel: skipped agent file ${warning.path}: ${warning.problem}\n`);
  }
  return {
    tools: [...createBuiltinTools(config), createAgentTool(definitions)],
    agentDefinitions: definitions,
  };
}
