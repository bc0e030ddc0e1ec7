import { inspectSettings, type SettingsInspection } from "../../config/settings/load.js";
import { mergeSettingsLayers } from "../../config/settings/merge.js";
import { withoutProjectCode } from "../../config/settings/project-code.js";
import type { ResolvedSettings } from "../../config/settings/resolved.js";
import type { DoctorContext } from "./context.js";

/** The settings as the checks need them: every problem, and the merge with and without trust. */
export interface DoctorSettings {
  inspection: SettingsInspection;
  /** What a session in a trusted folder runs with (what is broken left out). */
  trusted: ResolvedSettings;
  /** What a session runs with when the person did not trust the folder. */
  untrusted: ResolvedSettings;
}

/** Reads and checks every settings file once, for all the checks. */
export async function doctorSettings(
  context: Pick<DoctorContext, "home" | "stateDir" | "cwd">,
): Promise<DoctorSettings> {
  const roots = { home: context.home, stateDir: context.stateDir, cwd: context.cwd };
  const inspection = await inspectSettings(roots);
  return {
    inspection,
    trusted: mergeSettingsLayers(inspection.layers, roots),
    untrusted: mergeSettingsLayers(inspection.layers.map(withoutProjectCode), roots),
  };
}
