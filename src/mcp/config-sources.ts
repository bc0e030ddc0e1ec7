import { join } from "node:path";
import { type ClaudeJson, claudeJsonSchema, mcpConfigFileSchema } from "./config-schema.js";
import { keelMcpServersPath } from "./keel-servers-file.js";
import { type ReadText, readJsonFile, readTextIfPresent } from "./read-json-file.js";
import type { McpConfigSource } from "./scopes.js";

/** What finding the configured servers needs (folders injected so tests use temp folders). */
export interface McpConfigLocations {
  /** The working folder: `.mcp.json` is read here, and it keys `~/.claude.json` projects. */
  cwd: string;
  home: string;
  /** keel's state folder: its `mcp-servers.json` holds the user and local servers keel added. */
  stateDir?: string;
  /** `mcpServers` from keel's settings (ResolvedSettings.mcpServers): user scope. */
  settingsServers?: Record<string, unknown>;
  /** The parsed `--mcp-config` values (see src/cli/mcp-config.ts). */
  dynamic?: readonly McpConfigSource[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers. */
  strict?: boolean;
  /** False in a folder the person did not trust: its `.mcp.json` is not read. */
  projectFile?: boolean;
  readText?: ReadText;
}

/** The sources found, problems with whole files, and the project's entry in `~/.claude.json`. */
export interface McpConfigSources {
  sources: McpConfigSource[];
  /** A file that could not be read or parsed (its servers are skipped, the others start). */
  notices: string[];
  /** `~/.claude.json` projects[cwd]: its project-server choices count as approvals. */
  claudeJsonProject?: NonNullable<ClaudeJson["projects"]>[string];
}

/** The user and local servers of a file shaped like `~/.claude.json`. */
function scopedSources(path: string, data: ClaudeJson, cwd: string): McpConfigSource[] {
  const sources: McpConfigSource[] = [];
  if (data.mcpServers) sources.push({ scope: "user", origin: path, servers: data.mcpServers });
  const local = data.projects?.[cwd]?.mcpServers;
  if (local)
    sources.push({ scope: "local", origin: `${path} (projects["${cwd}"])`, servers: local });
  return sources;
}

/**
 * Collects every place servers are declared, as Claude Code does: `--mcp-config` (dynamic),
 * `~/.claude.json` projects[cwd].mcpServers and keel's `mcp-servers.json` likewise (local),
 * `<cwd>/.mcp.json` (project), `~/.claude.json` and keel's file's `mcpServers` and keel's
 * settings `mcpServers` (user). Within a scope a later source wins: keel's file over
 * `~/.claude.json`, settings over both. With `strict`, only the `--mcp-config` servers.
 */
export async function readMcpConfigSources(
  locations: McpConfigLocations,
): Promise<McpConfigSources> {
  const dynamic = [...(locations.dynamic ?? [])];
  if (locations.strict) return { sources: dynamic, notices: [] };
  const readText = locations.readText ?? readTextIfPresent;
  const notices: string[] = [];
  const sources: McpConfigSource[] = [];
  const claudeJsonPath = join(locations.home, ".claude.json");
  const claudeJson = await readJsonFile(claudeJsonPath, claudeJsonSchema, readText);
  let claudeJsonProject: McpConfigSources["claudeJsonProject"];
  if (!claudeJson.ok) notices.push(claudeJson.message);
  else if (claudeJson.data) {
    claudeJsonProject = claudeJson.data.projects?.[locations.cwd];
    sources.push(...scopedSources(claudeJsonPath, claudeJson.data, locations.cwd));
  }
  if (locations.stateDir !== undefined) {
    const keelPath = keelMcpServersPath(locations.stateDir);
    const keelFile = await readJsonFile(keelPath, claudeJsonSchema, readText);
    if (!keelFile.ok) notices.push(keelFile.message);
    else if (keelFile.data) sources.push(...scopedSources(keelPath, keelFile.data, locations.cwd));
  }
  if (locations.settingsServers && Object.keys(locations.settingsServers).length > 0) {
    sources.push({ scope: "user", origin: "settings", servers: locations.settingsServers });
  }
  const mcpJsonPath = join(locations.cwd, ".mcp.json");
  const mcpJson =
    locations.projectFile === false
      ? { ok: true as const, data: undefined }
      : await readJsonFile(mcpJsonPath, mcpConfigFileSchema, readText);
  if (!mcpJson.ok) notices.push(mcpJson.message);
  else if (mcpJson.data?.mcpServers) {
    sources.push({ scope: "project", origin: mcpJsonPath, servers: mcpJson.data.mcpServers });
  }
  sources.push(...dynamic);
  return { sources, notices, ...(claudeJsonProject ? { claudeJsonProject } : {}) };
}
