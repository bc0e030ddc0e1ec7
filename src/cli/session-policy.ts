import { join } from "node:path";
import type { CliSettingsInput } from "../config/settings/cli-layer.js";
import { SettingsError } from "../config/settings/errors.js";
import {
  loadSettings,
  SETTING_SOURCE_NAMES,
  type SettingSourceName,
} from "../config/settings/load.js";
import type { ResolvedSettings } from "../config/settings/resolved.js";
import type { HooksConfig } from "../hooks/config.js";
import { mergeHooksConfigs, parseHooksConfig } from "../hooks/index.js";
import { findEnabledPlugins } from "../plugins/enabled-plugins.js";
import type { SessionPlugins } from "../plugins/plugin.js";
import { loadSessionPlugins, pluginErrorLine, pluginSources } from "../plugins/session-plugins.js";
import type { CliOptions } from "./options.js";
import { UsageError } from "./usage-error.js";

/** The `--setting-sources` value: names from user, project, local (empty: none). */
export function parseSettingSources(value: string): SettingSourceName[] {
  const names = value.split(/[,\s]+/).filter((name) => name !== "");
  const known = (name: string): name is SettingSourceName =>
    (SETTING_SOURCE_NAMES as readonly string[]).includes(name);
  const unknown = names.filter((name) => !known(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `--setting-sources takes ${SETTING_SOURCE_NAMES.join(", ")}; "${unknown.join(", ")}" is not one of them`,
    );
  }
  return names.filter(known);
}

/**
 * The folders `--plugin-dir` gives, then the installed plugins the settings enable (none under
 * `--bare`), loaded; an enabled plugin installed nowhere is an error entry.
 */
async function sessionPlugins(
  options: CliOptions,
  settings: ResolvedSettings,
  roots: { home: string; stateDir: string; cwd: string },
): Promise<SessionPlugins> {
  const enabled = options.bare
    ? { found: [], missing: [], problems: [] }
    : await findEnabledPlugins(settings.enabledPlugins, {
        keelStateDir: roots.stateDir,
        claudeDir: join(roots.home, ".claude"),
      });
  const installed = enabled.found.map(({ id, dir }) => ({ dir, mcp: true, id }));
  const loaded = await loadSessionPlugins([...pluginSources(options), ...installed], roots.cwd);
  return {
    ...loaded,
    errors: [
      ...loaded.errors,
      ...enabled.missing.map((id) => ({
        plugin: id,
        type: "not-installed" as const,
        message: `enabled in the settings but not installed (keel plugin install ${id})`,
      })),
    ],
    warnings: [...enabled.problems, ...loaded.warnings],
  };
}

/** The settings a session runs with and the hooks they configure. */
export interface SessionPolicy {
  settings: ResolvedSettings;
  /** The merged hooks; undefined when no settings file configures any. */
  hooks: HooksConfig | undefined;
  /**
   * False when the person did not trust the folder: the project's hooks, MCP servers
   * (`.mcp.json` included), `env` and its commands' !`command` lines stay off.
   */
  projectTrusted: boolean;
  /** The plugins given with `--plugin-dir` (their hooks are in `hooks`), and those refused. */
  plugins: SessionPlugins;
}

/** The flags that make settings layers (`--settings` and the rule and mode flags). */
export function cliSettingsInput(options: CliOptions): CliSettingsInput {
  return {
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    ...(options.permissionMode ? { permissionMode: options.permissionMode } : {}),
    additionalDirectories: options.addDir,
  };
}

/**
 * Loads the settings files and flags (Claude Code's precedence) with their hooks. Problems are
 * said once each through `warn` and skipped; a broken permissions, hooks or sandbox setting
 * stops the run with a message naming the file and key (contracts §12): running without
 * someone's deny rules or guard hooks is never the fallback.
 */
export async function loadSessionPolicy(
  options: CliOptions,
  roots: { home: string; stateDir: string; cwd: string },
  warn: (text: string) => void,
  trust: { projectTrusted: boolean } = { projectTrusted: true },
): Promise<SessionPolicy> {
  let settings: ResolvedSettings;
  try {
    settings = await loadSettings({
      ...roots,
      ...(options.settingSources === undefined
        ? {}
        : { sources: parseSettingSources(options.settingSources) }),
      cli: cliSettingsInput(options),
      ...(trust.projectTrusted ? {} : { projectCode: false }),
    });
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(error.message);
    throw error;
  }
  // Settings loading checked the hooks: broken ones stopped it, the rest are in the warnings.
  for (const warning of settings.warnings) warn(warning);
  const plugins = await sessionPlugins(options, settings, roots);
  for (const error of plugins.errors) warn(pluginErrorLine(error));
  for (const warning of plugins.warnings) warn(warning);
  // --bare and disableAllHooks: no hook of any settings file or plugin runs (checked all the same).
  const noHooks = options.bare === true || settings.disableAllHooks === true;
  const hookEntries = noHooks ? [] : settings.hooks;
  const configured = [
    ...hookEntries.map((entry) => parseHooksConfig(entry.hooks, { file: entry.origin }).hooks),
    // A plugin's hooks run after the settings files' (a plugin was given on the command line).
    ...(noHooks ? [] : plugins.plugins.map((plugin) => plugin.hooks)),
  ].filter((h) => Object.keys(h).length > 0);
  return {
    settings,
    hooks: configured.length > 0 ? mergeHooksConfigs(configured) : undefined,
    projectTrusted: trust.projectTrusted,
    plugins,
  };
}
