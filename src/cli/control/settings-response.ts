import type { SettingsInspection } from "../../config/settings/load.js";
import type { SettingsSource } from "../../config/settings/sources.js";

/** The SDK's tier for each source (ResolvedSettingSource): the flags' layers are one tier. */
const TIER: Record<SettingsSource, string> = {
  userClaude: "user",
  userKeel: "user",
  project: "project",
  local: "local",
  flagSettings: "flag",
  cli: "flag",
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Two values of one key, the later winning; arrays are joined (each value once). */
function mergedValue(earlier: unknown, later: unknown): unknown {
  if (Array.isArray(earlier) && Array.isArray(later)) {
    const seen = new Set(earlier.map((item) => JSON.stringify(item)));
    return [...earlier, ...later.filter((item) => !seen.has(JSON.stringify(item)))];
  }
  if (isPlainObject(earlier) && isPlainObject(later)) {
    const merged: Record<string, unknown> = { ...earlier };
    for (const [key, value] of Object.entries(later)) merged[key] = mergedValue(merged[key], value);
    return merged;
  }
  return later;
}

/**
 * get_settings: the settings files and flags as they read now, each with its tier and file
 * (`sources`, lowest first), and `effective`, their merge as the session merges them (a higher
 * source wins a value; rule and other lists add up).
 */
export function settingsResponse(inspection: SettingsInspection): Record<string, unknown> {
  const files = new Set(inspection.found.map((file) => file.path));
  let effective: Record<string, unknown> = {};
  const sources = inspection.layers.map((layer) => {
    effective = mergedValue(effective, layer.settings) as Record<string, unknown>;
    return {
      source: TIER[layer.source],
      settings: layer.settings,
      ...(files.has(layer.origin) ? { path: layer.origin } : {}),
    };
  });
  return { effective, sources };
}
