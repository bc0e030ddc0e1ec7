import type { ResolvedSettings } from "../../config/settings/resolved.js";
import type { SessionPolicy } from "../session-policy.js";

/** The settings /config and /output-style change that a session reads only as it opens. */
export const CARRIED_KEYS = [
  "outputStyle",
  "alwaysThinkingEnabled",
  "effortLevel",
  "autoMemoryEnabled",
  "autoDreamEnabled",
] as const;

/** One of the settings carried into the sessions /clear and /resume open. */
type CarriedKey = (typeof CARRIED_KEYS)[number];

/** Those settings' values as the files hold them after a change (absent: no file sets one). */
export type CarriedSettings = Pick<ResolvedSettings, CarriedKey>;

/**
 * What the REPL's settings commands changed, shared by every session of one REPL: the sessions
 * /clear and /resume open start from the settings read at launch, so without it a style chosen
 * with /output-style would be lost at /clear.
 */
export interface SettingsChoice {
  carried?: CarriedSettings;
}

/** The policy with the carried settings in place of those read at launch (as-is if none changed). */
export function withSettingsChoice(
  policy: SessionPolicy,
  choice: SettingsChoice | undefined,
): SessionPolicy {
  const carried = choice?.carried;
  if (!carried) return policy;
  const settings: ResolvedSettings = { ...policy.settings };
  for (const key of CARRIED_KEYS) delete settings[key];
  return { ...policy, settings: { ...settings, ...carried } };
}
