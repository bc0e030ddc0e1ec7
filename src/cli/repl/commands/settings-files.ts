import {
  inspectSettings,
  type SettingSourceName,
  type SettingsInspection,
} from "../../../config/settings/load.js";
import type { SettingsRoots } from "../../../config/settings/sources.js";
import type { PermissionMode } from "../../../tools/context.js";
import type { CliOptions } from "../../options.js";
import { parseSettingSources } from "../../session-policy.js";

/** The settings files a REPL session reads: its folders, and the flags keel started with. */
export interface SettingsFiles {
  roots: SettingsRoots;
  /** `--setting-sources` (undefined: every file). */
  sources?: readonly SettingSourceName[];
  /** `--settings`, a file or inline JSON. */
  flagSettings?: string;
  /** `--permission-mode`, when given. */
  permissionModeFlag?: PermissionMode;
}

/** The settings files of a REPL started with these flags in these folders. */
export function settingsFilesOf(options: CliOptions, roots: SettingsRoots): SettingsFiles {
  return {
    roots,
    ...(options.settingSources === undefined
      ? {}
      : { sources: parseSettingSources(options.settingSources) }),
    ...(options.settings === undefined ? {} : { flagSettings: options.settings }),
    ...(options.permissionMode ? { permissionModeFlag: options.permissionMode } : {}),
  };
}

/**
 * The files read now, each layer with its source and file, lowest source first (as
 * inspectSettings keeps them); a file with problems still counts for its valid keys.
 */
export function readSettingsFiles(files: SettingsFiles): Promise<SettingsInspection> {
  return inspectSettings({
    ...files.roots,
    ...(files.sources ? { sources: files.sources } : {}),
    cli: {
      ...(files.flagSettings === undefined ? {} : { settings: files.flagSettings }),
      ...(files.permissionModeFlag ? { permissionMode: files.permissionModeFlag } : {}),
    },
  });
}
