import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { mcpConfigFileSchema } from "../mcp/config-schema.js";
import type { Elicit } from "../mcp/elicitation.js";
import {
  createMcpManager,
  type McpManager,
  type McpSetup,
  mcpTimeoutsFromEnv,
  resolveMcpSetup,
} from "../mcp/index.js";
import { parseJsonText } from "../mcp/read-json-file.js";
import type { McpConfigSource } from "../mcp/scopes.js";
import type { LoadedPlugin } from "../plugins/plugin.js";
import { pluginMcpSources } from "../plugins/plugin-mcp.js";
import { UsageError } from "./usage-error.js";

/**
 * Reads one `--mcp-config` value: a JSON string (it starts with `{`) or a JSON file path,
 * relative to the working folder. A value that cannot be read or is not a config object is a
 * usage error (keel stops before any turn, as Claude Code does); the entries inside are checked
 * one by one later, so a bad entry only stops its own server.
 */
export async function readMcpConfigValue(value: string, cwd: string): Promise<McpConfigSource> {
  const trimmed = value.trim();
  const inline = trimmed.startsWith("{");
  const origin = inline ? "--mcp-config (inline JSON)" : resolve(cwd, value);
  let text = trimmed;
  if (!inline) {
    try {
      text = await readFile(origin, "utf8");
    } catch (error) {
      throw new UsageError(`--mcp-config: cannot read ${origin}: ${(error as Error).message}`);
    }
  }
  const parsed = parseJsonText(text, origin, mcpConfigFileSchema);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return { scope: "dynamic", origin, servers: parsed.data?.mcpServers ?? {} };
}

/** Reads every `--mcp-config` value (the flag is repeatable; a later value wins a name). */
export async function readMcpConfigValues(
  values: readonly string[],
  cwd: string,
): Promise<McpConfigSource[]> {
  const sources: McpConfigSource[] = [];
  for (const value of values) sources.push(await readMcpConfigValue(value, cwd));
  return sources;
}

/** What a CLI session's MCP servers are decided from. */
export interface CliMcpInputs {
  /** The `--mcp-config` values. */
  mcpConfig: readonly string[];
  /** `--strict-mcp-config`. */
  strict: boolean;
  /** The session's plugins: their servers join the `--mcp-config` ones. */
  plugins?: readonly LoadedPlugin[];
  /** False in a folder the person did not trust: its `.mcp.json` is not read. */
  projectFile?: boolean;
  cwd: string;
  home: string;
  stateDir: string;
  /** The session's environment (settings `env` applied): `${VAR}` and stdio servers use it. */
  env: Readonly<Record<string, string | undefined>>;
  /** From ResolvedSettings: the merged `mcpServers` and the files read (for approvals). */
  settings: { mcpServers: Record<string, unknown>; files: readonly string[] };
  /** One line per problem or change (a bad entry, an unapproved server, a dead server). */
  warn: (text: string) => void;
  /** Answers the servers' requests for input; absent: elicitation is not offered. */
  elicit?: Elicit;
}

/**
 * Decides a CLI session's servers (without starting any): `--mcp-config` values (a bad value
 * is a usage error), `.mcp.json`, `~/.claude.json` and settings, with approvals applied. The
 * REPL asks about `needsApproval` with it before the session starts.
 */
export async function resolveCliMcpSetup(inputs: Omit<CliMcpInputs, "warn">): Promise<McpSetup> {
  const dynamic = [
    ...(await readMcpConfigValues(inputs.mcpConfig, inputs.cwd)),
    ...pluginMcpSources(inputs.plugins ?? []),
  ];
  return resolveMcpSetup({
    cwd: inputs.cwd,
    home: inputs.home,
    stateDir: inputs.stateDir,
    env: inputs.env,
    dynamic,
    strict: inputs.strict,
    ...(inputs.projectFile === false ? { projectFile: false } : {}),
    settingsServers: inputs.settings.mcpServers,
    settingsFiles: inputs.settings.files,
  });
}

/**
 * Starts a CLI session's MCP servers in the background (see resolveCliMcpSetup), with
 * MCP_TIMEOUT / MCP_TOOL_TIMEOUT honoured. With no servers, nothing is spawned or imported.
 */
export async function startCliMcp(inputs: CliMcpInputs): Promise<McpManager> {
  const setup = await resolveCliMcpSetup(inputs);
  for (const notice of setup.notices) inputs.warn(notice);
  return createMcpManager({
    ...setup,
    ...mcpTimeoutsFromEnv(inputs.env),
    stateDir: inputs.stateDir,
    cwd: inputs.cwd,
    env: inputs.env,
    onNotice: inputs.warn,
    ...(inputs.elicit ? { elicit: inputs.elicit } : {}),
  });
}
