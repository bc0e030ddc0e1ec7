/** Settings loading (Claude Code's settings.json files and flags), validated and merged. */
export {
  type CliSettingsInput,
  COMMAND_LINE,
  cliFlagsLayer,
  flagSettingsLayer,
  splitToolList,
} from "./cli-layer.js";
export { formatJsonPath, SettingsError } from "./errors.js";
export type { SettingsLayer } from "./layer.js";
export { type LoadSettingsOptions, loadSettings } from "./load.js";
export { mergeSettingsLayers } from "./merge.js";
export { parseSettingsText, type ReadText, readSettingsFile } from "./read-file.js";
export type { HooksFromSource, ResolvedSettings } from "./resolved.js";
export { type SettingsFile, settingsFileSchema } from "./schema.js";
export {
  anchorRootOf,
  type SettingsRoots,
  type SettingsSource,
  SOURCE_ORDER,
  settingsFileLocations,
} from "./sources.js";
