import type { SdkSystemInit } from "../sdk-messages.js";
import type { QueryEngineConfig } from "./config.js";
import { agentsOf } from "./config-agents.js";

/** system/init: what the session runs with, first in every turn (contracts.md §7). */
export function initMessage(
  config: QueryEngineConfig,
  tools: readonly { name: string }[],
  uuid: string,
): SdkSystemInit {
  return {
    type: "system",
    subtype: "init",
    cwd: config.cwd,
    session_id: config.sessionId,
    tools: tools.map((t) => t.name),
    mcp_servers: config.mcpServers?.() ?? [],
    model: config.userSpecifiedModel,
    permissionMode: config.getAppState().permissionMode,
    slash_commands: [...(config.commands ?? [])],
    apiKeySource: config.init.apiKeySource,
    claude_code_version: config.init.claude_code_version,
    output_style: config.init.output_style ?? "default",
    agents: agentsOf(config).map((d) => d.name),
    skills: [...(config.skills ?? [])],
    plugins: [...(config.init.plugins ?? [])],
    ...(config.init.plugin_errors?.length ? { plugin_errors: [...config.init.plugin_errors] } : {}),
    uuid,
    fast_mode_state: "off",
    ...(config.init.sandbox ? { sandbox: config.init.sandbox } : {}),
  };
}
