import { type CliSettingsInput, cliFlagsLayer, flagSettingsLayer } from "./cli-layer.js";
import type { SettingsLayer } from "./layer.js";
import { mergeSettingsLayers } from "./merge.js";
import { withoutProjectCode } from "./project-code.js";
import { type ReadText, readSettingsFile } from "./read-file.js";
import type { ResolvedSettings } from "./resolved.js";
import { type SettingsRoots, settingsFileLocations } from "./sources.js";

/** What loading settings needs: the roots, the CLI flags, and (for tests) how files are read. */
export interface LoadSettingsOptions extends SettingsRoots {
  cli?: CliSettingsInput;
  readText?: ReadText;
  /** `--setting-sources`: which files to read (default all: user, project, local). */
  sources?: readonly SettingSourceName[];
  /**
   * False for a folder the person did not trust: the project's settings files keep their
   * permission rules and the rest, without what runs code (hooks, MCP servers, `env`).
   */
  projectCode?: boolean;
}

/** The names `--setting-sources` takes (the Agent SDK's `settingSources`). */
export const SETTING_SOURCE_NAMES = ["user", "project", "local"] as const;

/** One of the settings-file groups `--setting-sources` selects. */
export type SettingSourceName = (typeof SETTING_SOURCE_NAMES)[number];

function selected(source: string, sources: readonly SettingSourceName[] | undefined): boolean {
  if (sources === undefined) return true;
  const group = source === "userClaude" || source === "userKeel" ? "user" : source;
  return sources.some((name) => name === group);
}

/**
 * Reads every settings source (user, project, local, --settings, flags) and merges them.
 * Missing files are fine; anything unreadable or invalid throws a SettingsError.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<ResolvedSettings> {
  const layers: SettingsLayer[] = [];
  for (const location of settingsFileLocations(options)) {
    if (!selected(location.source, options.sources)) continue;
    const settings = await readSettingsFile(location.path, options.readText);
    if (settings) layers.push({ source: location.source, origin: location.path, settings });
  }
  if (options.cli?.settings !== undefined) {
    layers.push(await flagSettingsLayer(options.cli.settings, options.cwd, options.readText));
  }
  if (options.cli) layers.push(cliFlagsLayer(options.cli));
  const kept = options.projectCode === false ? layers.map(withoutProjectCode) : layers;
  return mergeSettingsLayers(kept, options);
}
