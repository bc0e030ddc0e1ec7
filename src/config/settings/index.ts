/** Settings loading (Claude Code's settings.json files and flags), checked and merged. */
export { checkSettings } from "./check-settings.js";
export {
  type CliSettingsInput,
  COMMAND_LINE,
  cliFlagsLayer,
  flagSettingsLayer,
  splitToolList,
} from "./cli-layer.js";
export { formatJsonPath, SettingsError } from "./errors.js";
export type { SettingsLayer } from "./layer.js";
export {
  type FoundSettingsFile,
  inspectSettings,
  type LoadSettingsOptions,
  loadSettings,
  type SettingsInspection,
} from "./load.js";
export { mergeSettingsLayers } from "./merge.js";
export { describeProblem, type SettingsProblem, type SettingsProblemEffect } from "./problems.js";
export { parseSettingsJson, type ReadText, readSettingsFile } from "./read-file.js";
export type { HooksFromSource, ResolvedSettings } from "./resolved.js";
export type { PermissionsSettings, SettingsFile } from "./schema.js";
export {
  anchorRootOf,
  type SettingsRoots,
  type SettingsSource,
  SOURCE_ORDER,
  settingsFileLocations,
} from "./sources.js";
