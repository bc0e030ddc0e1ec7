import type { SettingsFile } from "./schema.js";
import type { SettingsSource } from "./sources.js";

/** One source's settings, as read, with the name its errors and rules are reported under. */
export interface SettingsLayer {
  source: SettingsSource;
  /** The file path, or a label such as `--settings (inline JSON)` or `command line`. */
  origin: string;
  settings: SettingsFile;
}
