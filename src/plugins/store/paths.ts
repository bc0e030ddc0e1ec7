import { join } from "node:path";

/** Where keel keeps installed plugins and marketplaces (contracts §3: `KEEL_CONFIG_DIR/plugins/`). */
export interface PluginStorePaths {
  root: string;
  /** `known_marketplaces.json`: the marketplaces added, and where each is checked out. */
  marketplacesFile: string;
  /** `installed_plugins.json`: the plugins installed, and where each was copied. */
  installedFile: string;
  /** `marketplaces/<name>/`: a marketplace's copy. */
  marketplacesDir: string;
  /** `cache/<marketplace>/<plugin>/<version>/`: an installed plugin. */
  cacheDir: string;
}

export function pluginStorePaths(stateDir: string): PluginStorePaths {
  const root = join(stateDir, "plugins");
  return {
    root,
    marketplacesFile: join(root, "known_marketplaces.json"),
    installedFile: join(root, "installed_plugins.json"),
    marketplacesDir: join(root, "marketplaces"),
    cacheDir: join(root, "cache"),
  };
}

/** Claude Code's own plugin folder (read only: keel loads what it installed and settings enable). */
export function claudePluginStorePaths(claudeDir: string): PluginStorePaths {
  return pluginStorePaths(claudeDir);
}
