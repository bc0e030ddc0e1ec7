/** keel's MCP client: configuration, connections, tools, resources and prompts. */
export {
  gateProjectServers,
  mcpApprovalsPath,
  needsApprovalNotice,
  type ProjectServerChoices,
  projectServerApproval,
  readMcpApprovals,
  readSettingsApprovalChoices,
  recordMcpApproval,
} from "./approvals.js";
export type { McpServerConfig, McpServerEntry } from "./config-schema.js";
export { type McpConfigLocations, readMcpConfigSources } from "./config-sources.js";
export { DEFAULT_DEFERRAL, type DeferralPolicy, shouldDeferMcpTools } from "./deferral.js";
export { expandServerEntry, expandVariables } from "./expand-env.js";
export {
  createMcpManager,
  type McpManager,
  type McpManagerOptions,
  type McpServerStatus,
} from "./manager.js";
export { MCP_MAX_RESULT_CHARS } from "./mcp-tool.js";
export { mcpPromptCommandName, mcpToolName, normalizeNameForMcp } from "./names.js";
export type { McpPromptCommand } from "./prompt-commands.js";
export {
  type McpConfigError,
  type McpServerSpec,
  resolveMcpServers,
} from "./resolve-servers.js";
export type { McpConfigSource, McpScope } from "./scopes.js";
export type { McpServerState } from "./server-connection.js";
export { type McpSetup, type McpSetupInputs, resolveMcpSetup } from "./setup.js";
export {
  DEFAULT_MCP_TIMEOUT_MS,
  DEFAULT_MCP_TOOL_TIMEOUT_MS,
  mcpTimeoutsFromEnv,
} from "./timeouts.js";
export { mcpLogPath } from "./transport.js";
