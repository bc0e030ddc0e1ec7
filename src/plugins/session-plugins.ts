import { resolve } from "node:path";
import { loadPlugin } from "./load-plugin.js";
import type { SessionPlugins } from "./plugin.js";

/** A plugin folder a session was given, and whether its MCP servers come with it. */
export interface PluginSource {
  dir: string;
  mcp: boolean;
  /** `plugin@marketplace` for an installed plugin the settings enable (absent: a folder given). */
  id?: string;
}

/** The `--plugin-dir` and `--plugin-dir-no-mcp` folders (the SDK's `plugins` option sends them). */
export function pluginSources(flags: {
  pluginDir?: readonly string[];
  pluginDirNoMcp?: readonly string[];
}): PluginSource[] {
  return [
    ...(flags.pluginDir ?? []).map((dir) => ({ dir, mcp: true })),
    ...(flags.pluginDirNoMcp ?? []).map((dir) => ({ dir, mcp: false })),
  ];
}

/**
 * Loads a session's plugins in order (folders given first, so one of them wins over an installed
 * plugin of the same name). A plugin that cannot be loaded is an error entry and the others
 * still load; a second plugin of a name already loaded is refused (its commands would shadow
 * the first's).
 */
export async function loadSessionPlugins(
  sources: readonly PluginSource[],
  cwd: string,
): Promise<SessionPlugins> {
  const loaded: SessionPlugins = { plugins: [], errors: [], warnings: [] };
  let inline = 0;
  for (const source of sources) {
    const path = resolve(cwd, source.dir);
    // Claude Code's tag for a folder given that failed before it had a name.
    const tag = source.id ?? `inline[${inline}]`;
    if (source.id === undefined) inline += 1;
    const name = source.id?.split("@")[0];
    const result = await loadPlugin(path, { mcp: source.mcp, ...(name ? { name } : {}) });
    if (!result.ok) {
      loaded.errors.push({ plugin: tag, ...(source.id ? {} : { path }), ...result.error });
      continue;
    }
    const { plugin } = result;
    if (loaded.plugins.some((p) => p.name === plugin.name)) {
      loaded.errors.push({
        plugin: plugin.name,
        type: "duplicate-name",
        message: `another plugin named "${plugin.name}" is already loaded (${plugin.root} left out)`,
      });
      continue;
    }
    loaded.plugins.push(plugin);
    loaded.warnings.push(...result.warnings);
  }
  return loaded;
}

/** The line said on stderr for a plugin that could not be loaded. */
export function pluginErrorLine(error: { plugin: string; message: string }): string {
  return `plugin ${error.plugin} not loaded: ${error.message}`;
}
