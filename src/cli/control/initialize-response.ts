import type { AgentDefinition } from "../../config/agent-definition.js";
import type { PermissionMode } from "../../tools/context.js";
import { VERSION } from "../../version.js";

/** What the initialize answer reports about the session. */
interface InitializeFacts {
  model: string;
  permissionMode: PermissionMode;
  /** The agents the session's Agent tool can start (SDK, project, user, built-in). */
  agents: readonly AgentDefinition[];
  /** The commands and skills a person may run as `/name` (the SDK's `supportedCommands()`). */
  commands: readonly SdkSlashCommand[];
  /** The output style the settings name, those they could name, and the user's folder of them. */
  outputStyles: { current: string; available: readonly string[]; userDir: string };
  /** The initialize request's MCP servers were taken (the session was opened with them). */
  mcpServersApplied?: boolean;
  /** The initialize request's plugins were loaded. */
  pluginsApplied?: boolean;
}

/** One slash command as the SDK's `SlashCommand` type has it. */
export interface SdkSlashCommand {
  name: string;
  description: string;
  argumentHint: string;
  /** keel's own command (its row wins over a user's command of the same name). */
  builtin?: true;
}

/** One agent as Claude Code lists it (the SDK's `supportedAgents()` returns these). */
function agentInfo(definition: AgentDefinition): Record<string, string> {
  return {
    name: definition.name,
    description: definition.description,
    ...(definition.model === undefined ? {} : { model: definition.model }),
  };
}

/**
 * keel's answer to `initialize`: the shape of Claude Code's (the SDK serves supportedModels,
 * supportedAgents and accountInfo from it), holding what keel supports: of its built-in
 * commands those `keel -p` runs, and the output styles it has; SDK hook `onFailure`
 * policies are not supported, so the SDK refuses hooks that need one rather than ignoring it.
 */
export function initializeResponse(facts: InitializeFacts): Record<string, unknown> {
  return {
    commands: facts.commands,
    agents: facts.agents.map(agentInfo),
    output_style: facts.outputStyles.current,
    available_output_styles: facts.outputStyles.available,
    user_output_styles_dir: facts.outputStyles.userDir,
    models: [
      { value: facts.model, resolvedModel: facts.model, displayName: facts.model, description: "" },
    ],
    account: {},
    pid: process.pid,
    claude_code_version: VERSION,
    current_permission_mode: facts.permissionMode,
    hook_on_failure_supported: false,
    session_state: "idle",
    ...(facts.mcpServersApplied === undefined
      ? {}
      : { mcp_servers_applied: facts.mcpServersApplied }),
    ...(facts.pluginsApplied === undefined ? {} : { plugins_applied: facts.pluginsApplied }),
  };
}
