import type { SettingsLayer } from "../../../config/settings/layer.js";
import {
  listOutputStyles,
  type OutputStyle,
  type OutputStyleRoots,
} from "../../../session/output-style.js";
import { CARRIED_KEYS, type CarriedSettings, type SettingsChoice } from "../settings-choice.js";
import { userSettingsPath } from "./auto-memory-view.js";
import type { ConfigChoices, ConfigKey, ConfigScope, ConfigSetting } from "./config-keys.js";
import { CONFIG_SETTINGS } from "./config-keys.js";
import type { ConfigOverrides } from "./config-overrides.js";
import { shownPath } from "./memory-choices.js";
import { readSettingsFiles, type SettingsFiles } from "./settings-files.js";
import {
  isJsonObject,
  type JsonObject,
  localSettingsPath,
  type SaveOutcome,
  updateSettingsFile,
} from "./settings-json-file.js";

/** A setting as the files set it now. */
export interface ConfigRow {
  setting: ConfigSetting;
  /** The value in force (the setting's `unset` text when no file sets it). */
  value: string;
  /** The file (or flag) whose value is in force; undefined: none sets it. */
  origin?: string;
}

/** A saved value's outcome: the file, whether it was written, and the setting read again. */
export interface ConfigSaved {
  path: string;
  saved: SaveOutcome;
  after: ConfigRow;
}

/** What /config and /output-style read and write (a part of the REPL session). */
export interface ConfigView {
  /** Every /config setting with its value and where it comes from, read now. */
  rows(): Promise<ConfigRow[]>;
  /** The output styles, `default` and the built-in ones first, read now. */
  styles(): Promise<OutputStyle[]>;
  /** What the settings' values may be now. */
  choices(): Promise<ConfigChoices>;
  /** The file a setting of this scope is saved to. */
  pathOf(scope: ConfigScope): string;
  /**
   * Writes the value into the setting's file (undefined removes the key), every other key
   * kept, then reads the files again: the carried settings follow them into /clear's session.
   */
  save(setting: ConfigSetting, value: string | boolean | undefined): Promise<ConfigSaved>;
  /** Reads the files again after a change made elsewhere (auto memory saves itself). */
  reread(setting: ConfigSetting): Promise<ConfigRow>;
  /** A file as the notices name it: `./…` in the project, `~/…` under home, else whole. */
  shown(path: string): string;
}

/** What the view needs of the REPL: the settings it reads as at launch, and the carried choice. */
interface ConfigViewInputs extends SettingsFiles {
  autoDisabled: boolean;
  /** Flags and variables that beat every settings file (`--model`, `--effort`, …). */
  overrides?: ConfigOverrides;
  styleRoots: OutputStyleRoots;
  choice: SettingsChoice;
}

function valueIn(layer: SettingsLayer, key: ConfigKey): unknown {
  if (key === "permissions.defaultMode") return layer.settings.permissions?.defaultMode;
  return layer.settings[key];
}

/** The layers highest source first; a file with problems still counts for its valid keys. */
async function layersHighFirst(inputs: ConfigViewInputs): Promise<SettingsLayer[]> {
  return [...(await readSettingsFiles(inputs)).layers].reverse();
}

function rowOf(
  setting: ConfigSetting,
  highFirst: readonly SettingsLayer[],
  overrides: ConfigOverrides = {},
): ConfigRow {
  const override = overrides[setting.key];
  if (override) return { setting, ...override };
  const layer = highFirst.find((l) => valueIn(l, setting.key) !== undefined);
  if (!layer) return { setting, value: setting.unset };
  return { setting, value: String(valueIn(layer, setting.key)), origin: layer.origin };
}

/** The carried settings as the files hold them (the highest source's value of each). */
function carriedOf(highFirst: readonly SettingsLayer[]): CarriedSettings {
  const found = CARRIED_KEYS.flatMap((key) => {
    const layer = highFirst.find((l) => l.settings[key] !== undefined);
    return layer ? [[key, layer.settings[key]]] : [];
  });
  return Object.fromEntries(found);
}

/** The change that sets (or, with undefined, removes) one setting in a settings object. */
function setKey(
  key: ConfigKey,
  value: string | boolean | undefined,
): (settings: JsonObject) => { ok: true; settings: JsonObject } | { ok: false; why: string } {
  return (settings) => {
    if (key !== "permissions.defaultMode") {
      const { [key]: _old, ...rest } = settings;
      return { ok: true, settings: value === undefined ? rest : { ...rest, [key]: value } };
    }
    const current = settings.permissions;
    if (current !== undefined && !isJsonObject(current)) {
      return { ok: false, why: "has a `permissions` that is not an object" };
    }
    const { defaultMode: _old, ...others } = current ?? {};
    const permissions = value === undefined ? others : { ...others, defaultMode: value };
    return { ok: true, settings: { ...settings, permissions } };
  };
}

/** The view over the settings files a REPL session was started with. */
export function configView(inputs: ConfigViewInputs): ConfigView {
  const pathOf = (scope: ConfigScope) =>
    scope === "user"
      ? userSettingsPath(inputs.roots.stateDir)
      : localSettingsPath(inputs.roots.cwd);
  const reread = async (setting: ConfigSetting) => {
    const highFirst = await layersHighFirst(inputs);
    inputs.choice.carried = carriedOf(highFirst);
    return rowOf(setting, highFirst, inputs.overrides);
  };
  const styles = () => listOutputStyles(inputs.styleRoots);
  return {
    rows: async () => {
      const highFirst = await layersHighFirst(inputs);
      return CONFIG_SETTINGS.map((setting) => rowOf(setting, highFirst, inputs.overrides));
    },
    styles,
    choices: async () => ({
      styles: (await styles()).map((style) => style.name),
      autoDisabled: inputs.autoDisabled,
    }),
    pathOf,
    save: async (setting, value) => {
      const path = pathOf(setting.scope);
      const saved = await updateSettingsFile(path, setKey(setting.key, value));
      return { path, saved, after: await reread(setting) };
    },
    reread,
    shown: (path) => shownPath(path, inputs.roots.cwd, inputs.roots.home),
  };
}
