import type { JsonObject } from "../repl/commands/settings-json-file.js";
import { isJsonObject } from "../repl/commands/settings-json-file.js";
import type { WritableSettings } from "../session-settings.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";

/** The permission lists keel puts in force mid-session (its settings reload takes these). */
const LIVE_PERMISSION_KEYS = new Set(["allow", "deny", "ask"]);

/**
 * Why keel would not apply part of a flag-settings change mid-session, or undefined. A
 * settings reload puts in force permission rules and hooks only; any other key would be
 * accepted and not acted on, so the whole call is refused instead.
 */
function flagKeysRefused(settings: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(settings)) {
    if (key === "hooks") continue;
    if (key !== "permissions") return key;
    if (value === null || !isJsonObject(value)) continue;
    const other = Object.keys(value).find((name) => !LIVE_PERMISSION_KEYS.has(name));
    if (other !== undefined) return `permissions.${other}`;
  }
  return undefined;
}

/**
 * apply_flag_settings: merged into the flag layer as `--settings` would give it (a null value
 * removes its key; a later call's key replaces an earlier one's), checked as any settings file
 * is, then put in force as a settings file's change is. The host started keel, so its flags
 * widen at once, as the command line's do; a project file's widening still waits.
 */
async function applyFlagSettings(targets: HostTargets, settings: unknown): Promise<Answer> {
  if (!isJsonObject(settings)) {
    return { error: "apply_flag_settings: settings must be an object of settings" };
  }
  const refused = flagKeysRefused(settings);
  if (refused !== undefined) {
    return {
      error: `apply_flag_settings: keel puts only permissions (allow, deny, ask) and hooks in force mid-session; ${refused} would not take effect, so nothing in this call is applied`,
    };
  }
  try {
    await targets.session.settings.applyFlags(settings);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { error: `apply_flag_settings: nothing in this call is applied: ${why}` };
  }
  return { ok: {} };
}

/** The keys update_settings may write to each file (Claude Code's allowlist), string values. */
const WRITABLE_KEYS: Record<WritableSettings, string> = {
  localSettings: "outputStyle",
  userSettings: "effortLevel",
};

/** Why update_settings refuses this change, or undefined. */
function updateRefused(source: WritableSettings, settings: JsonObject): string | undefined {
  const allowed = WRITABLE_KEYS[source];
  for (const [key, value] of Object.entries(settings)) {
    if (key !== allowed) return `${source} takes ${allowed} only, not ${key}`;
    if (typeof value !== "string") return `${key} must be a string (deletion is not supported)`;
    if (key === "effortLevel" && value === "max") {
      return "effortLevel max is for the session only and is never written to a settings file";
    }
  }
  return undefined;
}

/**
 * update_settings: the project's `.claude/settings.local.json` (outputStyle) or keel's user
 * settings file (effortLevel) is written through /config's writer, once the file as it would
 * be is checked clean; the session then reads its settings again. As with /config, the style
 * and effort take effect from the next session or /clear.
 */
async function updateSettings(targets: HostTargets, request: JsonObject): Promise<Answer> {
  const { source, settings } = request;
  if (source !== "localSettings" && source !== "userSettings") {
    return { error: 'update_settings: source must be "localSettings" or "userSettings"' };
  }
  if (!isJsonObject(settings)) return { error: "update_settings: settings must be an object" };
  const refused = updateRefused(source, settings);
  if (refused !== undefined) return { error: `update_settings: ${refused}` };
  try {
    await targets.session.settings.write(source, settings);
  } catch (error) {
    return { error: `update_settings: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { ok: {} };
}

/** An SDK host's changes to the session's settings. */
export const SETTINGS_HANDLERS: HostHandlers = {
  apply_flag_settings: (targets, request) => applyFlagSettings(targets, request.settings),
  update_settings: updateSettings,
};
