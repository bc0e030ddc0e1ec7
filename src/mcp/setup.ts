import {
  gateProjectServers,
  type ProjectServerChoices,
  readMcpApprovals,
  readSettingsApprovalChoices,
} from "./approvals.js";
import { type McpConfigLocations, readMcpConfigSources } from "./config-sources.js";
import { type McpConfigError, type McpServerSpec, resolveMcpServers } from "./resolve-servers.js";

/** What deciding the session's servers needs. */
export interface McpSetupInputs extends McpConfigLocations {
  /** keel's state folder (the approvals file lives there). */
  stateDir: string;
  /** The environment `${VAR}` expands from. */
  env: Readonly<Record<string, string | undefined>>;
  /** The settings files that were read (ResolvedSettings.files): their project-server choices. */
  settingsFiles?: readonly string[];
  /** Extra choices (e.g. from an embedding host); the same keys as in settings. */
  choices?: readonly ProjectServerChoices[];
}

/** The session's servers: to start, waiting for approval, refused; and notices for the user. */
export interface McpSetup {
  servers: McpServerSpec[];
  needsApproval: McpServerSpec[];
  /** Project servers the user refused (never started). */
  rejected: McpServerSpec[];
  invalid: McpConfigError[];
  /**
   * Whole files that could not be read (the servers of the other files still start), and
   * servers that start with unset variables left as written.
   */
  notices: string[];
}

/**
 * Finds every configured server, applies precedence, validates and expands each entry, and
 * holds back `.mcp.json` servers nobody approved (in settings, `~/.claude.json` or keel's
 * approvals file). `--mcp-config` servers always start.
 */
export async function resolveMcpSetup(inputs: McpSetupInputs): Promise<McpSetup> {
  const found = await readMcpConfigSources(inputs);
  const resolved = resolveMcpServers(found.sources, inputs.env);
  const hasProjectServers = resolved.servers.some((s) => s.scope === "project");
  const choices: ProjectServerChoices[] = [...(inputs.choices ?? [])];
  if (hasProjectServers) {
    choices.push(
      ...(await readSettingsApprovalChoices(inputs.settingsFiles ?? [], inputs.readText)),
    );
    if (found.claudeJsonProject) choices.push(found.claudeJsonProject);
    choices.push(await readMcpApprovals(inputs.stateDir, inputs.cwd, inputs.readText));
  }
  const gated = gateProjectServers(resolved.servers, choices);
  return {
    servers: gated.start,
    needsApproval: gated.needsApproval,
    rejected: gated.rejected,
    invalid: resolved.errors,
    notices: [...found.notices, ...resolved.warnings.map((w) => w.message)],
  };
}
