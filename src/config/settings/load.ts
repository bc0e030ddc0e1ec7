import { checkSettings } from "./check-settings.js";
import {
  type CheckedLayer,
  type CliSettingsInput,
  cliFlagsLayer,
  flagSettingsLayer,
} from "./cli-layer.js";
import { SettingsError } from "./errors.js";
import type { SettingsLayer } from "./layer.js";
import { mergeSettingsLayers } from "./merge.js";
import { describeProblem, type SettingsProblem } from "./problems.js";
import { withoutProjectCode } from "./project-code.js";
import { type ReadText, readSettingsFile } from "./read-file.js";
import type { ResolvedSettings } from "./resolved.js";
import {
  type SettingsFileLocation,
  type SettingsRoots,
  type SettingsSource,
  settingsFileLocations,
} from "./sources.js";

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

/** A settings file that exists, and whether keel could use it. */
export interface FoundSettingsFile {
  source: SettingsSource;
  path: string;
  /** False when it cannot be read or is not a JSON object (it is skipped as a whole). */
  usable: boolean;
}

/** Every settings source read and checked, before merging: the layers and every problem. */
export interface SettingsInspection {
  layers: SettingsLayer[];
  /** The settings files found (the flags' layers are not files). */
  found: FoundSettingsFile[];
  problems: SettingsProblem[];
}

function selected(source: string, sources: readonly SettingSourceName[] | undefined): boolean {
  if (sources === undefined) return true;
  const group = source === "userClaude" || source === "userKeel" ? "user" : source;
  return sources.some((name) => name === group);
}

/** One settings file read and checked (absent: no file); an unusable one is skipped whole. */
async function fileLayer(
  location: SettingsFileLocation,
  read?: ReadText,
): Promise<(CheckedLayer & { found: FoundSettingsFile }) | undefined> {
  const found = await readSettingsFile(location.path, read);
  if (found.kind === "missing") return undefined;
  if (found.kind === "unusable") {
    const message = `${found.why}; the whole file is skipped`;
    return {
      found: { ...location, usable: false },
      problems: [{ file: location.path, key: "", message, effect: "skipped" }],
    };
  }
  const checked = checkSettings(location.path, found.value);
  return {
    found: { ...location, usable: true },
    layer: { source: location.source, origin: location.path, settings: checked.settings },
    problems: checked.problems,
  };
}

/**
 * Reads and checks every settings source (user, project, local, --settings, flags), never
 * throwing for what is in them: `keel doctor` lists every problem, loadSettings acts on them.
 */
export async function inspectSettings(options: LoadSettingsOptions): Promise<SettingsInspection> {
  const inspection: SettingsInspection = { layers: [], found: [], problems: [] };
  const add = (checked: CheckedLayer) => {
    if (checked.layer) inspection.layers.push(checked.layer);
    inspection.problems.push(...checked.problems);
  };
  for (const location of settingsFileLocations(options)) {
    if (!selected(location.source, options.sources)) continue;
    const checked = await fileLayer(location, options.readText);
    if (!checked) continue;
    inspection.found.push(checked.found);
    add(checked);
  }
  if (options.cli?.settings !== undefined) {
    add(await flagSettingsLayer(options.cli.settings, options.cwd, options.readText));
  }
  if (options.cli) add(cliFlagsLayer(options.cli));
  return inspection;
}

/**
 * Reads every settings source and merges them (contracts §12): what is wrong is reported in
 * `warnings` and skipped; a broken permissions, hooks or sandbox setting (or a bad
 * `--settings`) throws a SettingsError naming each file and key.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<ResolvedSettings> {
  const { layers, problems } = await inspectSettings(options);
  const stops = problems.filter((problem) => problem.effect === "stops");
  if (stops.length > 0) throw new SettingsError(stops);
  const kept = options.projectCode === false ? layers.map(withoutProjectCode) : layers;
  const merged = mergeSettingsLayers(kept, options);
  return { ...merged, warnings: [...problems.map(describeProblem), ...merged.warnings] };
}
