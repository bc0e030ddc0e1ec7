import { z } from "zod";
import { EFFORT_LEVELS, type EffortLevel } from "../../protocol/api.js";
import type { PERMISSION_MODES } from "../../tools/context.js";
import type { SandboxSettings } from "./sandbox-schema.js";
import { type WebSearchSetting, webSearchSettingSchema } from "./web-search-setting.js";

/** Claude Code's `statusLine`: a command whose first line of output shows under the REPL's prompt. */
export interface StatusLineSetting {
  type: "command";
  command: string;
  /** Columns of space before the line (default 0). */
  padding?: number;
}

/** A marketplace a settings file declares (Claude Code's `extraKnownMarketplaces` entry). */
export interface DeclaredMarketplace {
  source: { source: string; [key: string]: unknown };
}

/** The `permissions` block after checking (check-permissions.ts reads it key by key). */
export interface PermissionsSettings {
  allow?: string[];
  deny?: string[];
  ask?: string[];
  additionalDirectories?: string[];
  defaultMode?: (typeof PERMISSION_MODES)[number];
  disableBypassPermissionsMode?: "disable";
  disableAutoMode?: "disable";
}

/**
 * The settings keys keel reads whose values are checked with a schema of their own; a bad value
 * is reported and the key skipped. (`permissions`, `hooks` and `sandbox` are checked apart:
 * there a bad value stops keel.)
 */
export const plainKeySchemas = {
  $schema: z.string(),
  model: z.string(),
  /** A shell command whose output is the API key (Claude Code's `apiKeyHelper`). */
  apiKeyHelper: z.string().trim().min(1),
  /** The agent the main thread runs as (Claude Code's `agent` setting; --agent wins). */
  agent: z.string(),
  /** Entries are checked by the MCP code, one server at a time. */
  mcpServers: z.record(z.string(), z.unknown()),
  /** Turns the auto permission mode off (also under `permissions`). */
  disableAutoMode: z.literal("disable"),
  /** Installed plugins turned on (`plugin@marketplace: true`); only `true` turns one on. */
  enabledPlugins: z.record(z.string(), z.unknown()),
  /** Marketplaces a project asks its people to use: `{name: {source: {source, path | url}}}`. */
  extraKnownMarketplaces: z.record(
    z.string(),
    z.looseObject({ source: z.looseObject({ source: z.string() }) }),
  ),
  /** Read by the MCP code from the files (approvals of `.mcp.json` servers). */
  enableAllProjectMcpServers: z.boolean(),
  enabledMcpjsonServers: z.array(z.string()),
  disabledMcpjsonServers: z.array(z.string()),
  /** URL patterns http hooks may call (arrays merge across files). */
  allowedHttpHookUrls: z.array(z.string()),
  /** Variables http hooks may put in headers (arrays merge across files). */
  httpHookAllowedEnvVars: z.array(z.string()),
  /** No hook of any settings file runs (an Agent SDK host's own hooks still do). */
  disableAllHooks: z.boolean(),
  /** Transcripts older than this many days are removed at start (Claude Code's minimum is 1). */
  cleanupPeriodDays: z.number().int().min(1),
  /** The attribution the system prompt asks commits and pull requests to end with. */
  attribution: z.union([
    z.boolean(),
    z.looseObject({ commit: z.string().optional(), pr: z.string().optional() }),
  ]),
  includeCoAuthoredBy: z.boolean(),
  /** False: no commit and pull request instructions in the system prompt. */
  includeGitInstructions: z.boolean(),
  /** The output style (built-in, or a `.claude/output-styles/*.md` name) the prompt adds. */
  outputStyle: z.string(),
  /** The share of the context window the skill listing may take (Claude Code's default 0.01). */
  skillListingBudgetFraction: z.number().gt(0).max(1),
  /** The characters of one skill's description the listing keeps (default 1,536). */
  skillListingMaxDescChars: z.number().int().positive(),
  /** The effort requests ask for, unless `--effort` or CLAUDE_CODE_EFFORT_LEVEL names one. */
  effortLevel: z.enum(EFFORT_LEVELS),
  /** Thinking on (true) or off (false) unless a flag or MAX_THINKING_TOKENS says otherwise. */
  alwaysThinkingEnabled: z.boolean(),
  /** Auto memory on or off (default: on in the REPL, off in print mode; docs/memory.md). */
  autoMemoryEnabled: z.boolean(),
  /** The background dream pass after turns, when its thresholds pass (default off). */
  autoDreamEnabled: z.boolean(),
  /** The automatic dream's thresholds (keel's own; docs/memory.md): hours since the last dream, */
  autoDreamMinHours: z.number().min(0),
  /** sessions changed since it, */
  autoDreamMinSessions: z.number().int().min(0),
  /** and the minutes between two scans of the transcripts. */
  autoDreamScanIntervalMinutes: z.number().min(0),
  /** keel's own: agent teams on (as CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 does; docs/teams.md). */
  teams: z.boolean(),
  /** The REPL's status line command (other keys of Claude Code's, e.g. refreshInterval, kept). */
  statusLine: z.looseObject({
    type: z.literal("command"),
    command: z.string().trim().min(1),
    padding: z.number().int().min(0).optional(),
  }),
  /** keel's own, read from keel's settings file only: WebSearch's search service. */
  webSearch: webSearchSettingSchema,
  /** keel's own, read from keel's settings file only: the Redis of remote workers. */
  remoteWorkers: z.object({ redisUrl: z.string().regex(/^rediss?(\+cluster)?:\/\//) }).partial(),
} as const;

/** One settings file as keel uses it, after checking (keys it does not read are left out). */
export interface SettingsFile {
  $schema?: string;
  permissions?: PermissionsSettings;
  /** Checked by the hook engine's parser; kept as written for it. */
  hooks?: unknown;
  env?: Record<string, string>;
  model?: string;
  apiKeyHelper?: string;
  agent?: string;
  mcpServers?: Record<string, unknown>;
  enabledPlugins?: Record<string, unknown>;
  disableAutoMode?: "disable";
  extraKnownMarketplaces?: Record<string, DeclaredMarketplace>;
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: string[];
  disabledMcpjsonServers?: string[];
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
  disableAllHooks?: boolean;
  cleanupPeriodDays?: number;
  attribution?: boolean | { commit?: string; pr?: string };
  includeCoAuthoredBy?: boolean;
  includeGitInstructions?: boolean;
  outputStyle?: string;
  skillListingBudgetFraction?: number;
  skillListingMaxDescChars?: number;
  effortLevel?: EffortLevel;
  alwaysThinkingEnabled?: boolean;
  autoMemoryEnabled?: boolean;
  autoDreamEnabled?: boolean;
  autoDreamMinHours?: number;
  autoDreamMinSessions?: number;
  autoDreamScanIntervalMinutes?: number;
  teams?: boolean;
  statusLine?: StatusLineSetting;
  webSearch?: WebSearchSetting;
  remoteWorkers?: { redisUrl?: string };
  /** Claude Code's OS sandbox for Bash. */
  sandbox?: SandboxSettings;
}
