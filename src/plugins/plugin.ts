import type { HooksConfig } from "../hooks/config.js";

/** Where one kind of component lives: folders holding several, and single entries. */
export interface ComponentPaths {
  dirs: string[];
  files: string[];
}

/** A plugin loaded for the session: where each kind of component it brings lives. */
export interface LoadedPlugin {
  name: string;
  /** The plugin's folder (`${CLAUDE_PLUGIN_ROOT}`). */
  root: string;
  version?: string;
  /** Command files (`/name:command`): folders of them, and single files the manifest names. */
  commands: ComponentPaths;
  /** Agent files (`name:agent`): folders of them, and single files. */
  agents: ComponentPaths;
  /** Skills (`/name:skill`): folders of skill folders (`dirs`), and skill folders (`files`). */
  skills: ComponentPaths;
  /** Output-style files: folders of them, and single files. */
  outputStyles: ComponentPaths;
  /** Its hooks, `${CLAUDE_PLUGIN_ROOT}` already given. */
  hooks: HooksConfig;
  /** Its MCP servers by their own names (empty when loaded with `--plugin-dir-no-mcp`). */
  mcpServers: Record<string, unknown>;
}

/**
 * A plugin that could not be loaded: system/init's `plugin_errors` entry. `plugin` is its name,
 * or `inline[N]` (the Nth plugin folder given) when it failed before it had one; `type` is one
 * of Claude Code's categories.
 */
export interface PluginError {
  plugin: string;
  type: PluginErrorType;
  message: string;
  /** The folder given, resolved (for an entry that failed before it had a name). */
  path?: string;
}

export type PluginErrorType =
  | "path-not-found"
  | "manifest-validation-error"
  | "hook-load-failed"
  | "mcp-config-invalid"
  | "duplicate-name"
  | "not-installed";

/** The session's plugins, and those that could not be loaded. */
export interface SessionPlugins {
  plugins: LoadedPlugin[];
  errors: PluginError[];
  /** Problems inside a loaded plugin (a hook left out, a file skipped): said once each. */
  warnings: string[];
}

export const NO_PLUGINS: SessionPlugins = { plugins: [], errors: [], warnings: [] };
