import type { HooksConfig } from "./config.js";
import { HOOK_EVENTS } from "./events.js";

/**
 * Merges the hooks of several settings files (user, project, local, …): hooks add up, they
 * never replace each other; each event's groups keep the order of `list`. Identical commands
 * are run once at run time, not removed here.
 */
export function mergeHooksConfigs(list: readonly HooksConfig[]): HooksConfig {
  const merged: HooksConfig = {};
  for (const event of HOOK_EVENTS) {
    const groups = list.flatMap((config) => config[event] ?? []);
    if (groups.length > 0) merged[event] = groups;
  }
  return merged;
}
