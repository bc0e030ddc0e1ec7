import type { PermissionRule } from "../../policy/permission-rule.js";
import type { EffortLevel } from "../../protocol/api.js";
import type { PermissionMode } from "../../tools/context.js";
import type { ProjectCode } from "./project-code.js";
import type { ResolvedSandboxSettings } from "./sandbox-merge.js";
import type { DeclaredMarketplace, StatusLineSetting } from "./schema.js";
import type { SettingsSource } from "./sources.js";

/** One source's `hooks` value, unvalidated (the hook engine validates and merges them). */
export interface HooksFromSource {
  source: SettingsSource;
  origin: string;
  hooks: unknown;
}

/** All settings sources merged with Claude Code's precedence (CLI > local > project > user). */
export interface ResolvedSettings {
  /** Every source's rules, highest source first; deduplicated per behaviour, text and anchor. */
  rules: PermissionRule[];
  /** The starting mode: the highest source's `defaultMode` (or --permission-mode), else default. */
  permissionMode: PermissionMode;
  /** Set by `disableBypassPermissionsMode: "disable"` in any source. */
  bypassDisabled: boolean;
  /** Set by `disableAutoMode: "disable"` (top level or in `permissions`) in any source. */
  autoDisabled: boolean;
  /** Added working folders from every source, absolute, without duplicates. */
  additionalDirectories: string[];
  /** Environment variables for the session; a higher source wins per variable. */
  env: Record<string, string>;
  /**
   * The variables the project's own settings files (`.claude/settings.json`, `settings.local.json`)
   * set: a cloned repository chose them, so the read-only verdict never trusts them.
   */
  projectEnv: string[];
  model?: string;
  /** `apiKeyHelper` of the highest source that sets one. */
  apiKeyHelper?: string;
  /** The agent the main thread runs as, from the highest source that sets one. */
  agent?: string;
  hooks: HooksFromSource[];
  /** `disableAllHooks` of the highest source that sets it. */
  disableAllHooks?: boolean;
  /** `cleanupPeriodDays` of the highest source that sets it (absent: 30). */
  cleanupPeriodDays?: number;
  /** `attribution`, `includeCoAuthoredBy`, `includeGitInstructions`: each from the highest source. */
  attribution?: boolean | { commit?: string; pr?: string };
  includeCoAuthoredBy?: boolean;
  includeGitInstructions?: boolean;
  /** `outputStyle` of the highest source that sets it. */
  outputStyle?: string;
  /** `skillListingBudgetFraction` and `skillListingMaxDescChars`, each from the highest source. */
  skillListingBudgetFraction?: number;
  skillListingMaxDescChars?: number;
  /** `effortLevel` and `alwaysThinkingEnabled`, each from the highest source that sets it. */
  effortLevel?: EffortLevel;
  alwaysThinkingEnabled?: boolean;
  /** `autoMemoryEnabled` and `autoDreamEnabled`, each from the highest source that sets it. */
  autoMemoryEnabled?: boolean;
  autoDreamEnabled?: boolean;
  /** The automatic dream's thresholds, each from the highest source that sets it. */
  autoDreamMinHours?: number;
  autoDreamMinSessions?: number;
  autoDreamScanIntervalMinutes?: number;
  /** keel's own `teams` (agent teams on) of the highest source that sets it. */
  teams?: boolean;
  /** `statusLine` of the highest source that sets it (a project's only in a trusted folder). */
  statusLine?: StatusLineSetting;
  /** `allowedHttpHookUrls` of every file, concatenated; undefined when none sets it. */
  allowedHttpHookUrls?: string[];
  /** `httpHookAllowedEnvVars` of every file, concatenated; undefined when none sets it. */
  httpHookAllowedEnvVars?: string[];
  /** MCP server entries by name (a higher source wins per name), for the MCP code to validate. */
  mcpServers: Record<string, unknown>;
  /** The installed plugins the settings turn on (`plugin@marketplace`), in no set order. */
  enabledPlugins: string[];
  /** The marketplaces the settings declare, by name (the highest source's entry wins). */
  extraKnownMarketplaces: Record<string, DeclaredMarketplace>;
  /** What the project's own settings files would run (asked about before a folder is trusted). */
  projectCode: ProjectCode[];
  /** What the project's own settings files grant (allow rules, a mode, added folders). */
  projectGrants: string[];
  /** Claude Code's `sandbox` settings, merged across sources. */
  sandbox: ResolvedSandboxSettings;
  /** The settings files that were found and read, lowest source first. */
  files: string[];
  /** Problems that do not stop keel (an unknown mode, a malformed allow rule). */
  warnings: string[];
}
