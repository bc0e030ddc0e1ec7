import { PROJECT_SOURCES, type SettingsSource } from "../../../config/settings/sources.js";
import {
  describeIssue,
  type HookHandlerConfig,
  type HookMatcherGroup,
  type HooksConfig,
} from "../../../hooks/config.js";
import { HOOK_EVENTS, type HookEvent } from "../../../hooks/events.js";
import { parseHooksConfig } from "../../../hooks/parse-config.js";
import type { InvokedSkillHooks } from "../../../hooks/skill-scoped-hooks.js";
import { hookTimeoutMs } from "../../../hooks/timeouts.js";
import type { LoadedPlugin } from "../../../plugins/plugin.js";
import { readSettingsFiles, type SettingsFiles } from "./settings-files.js";

/** Where a configured hook comes from: a settings file (by its source), a plugin or a skill. */
export type HookOrigin =
  | { kind: "settings"; source: SettingsSource; file: string }
  | { kind: "plugin"; plugin: string; root: string }
  | { kind: "skill"; skill: string; file: string };

/** Whether the session runs a hook now, and if not, why. */
type HookState = { kind: "in force" } | { kind: "off"; why: string };

/** One hook of one matcher group of one event, with the timeout it runs with. */
export interface HookEntry {
  event: HookEvent;
  matcher: string | undefined;
  hook: HookHandlerConfig;
  /** Its own `timeout`, else its type's (and event's) default. */
  timeoutMs: number;
}

/** A configured hook, where it comes from, and whether it runs now. */
export interface ListedHook extends HookEntry {
  origin: HookOrigin;
  state: HookState;
}

/** What /hooks shows: the hooks configured now, those in force that no file has any more, notes. */
export interface HookListing {
  hooks: ListedHook[];
  /** In force, but in no settings file or plugin now (the change waits for a new session). */
  stale: HookEntry[];
  /** Broken hooks in the files as they are now, and the like, one line each. */
  notes: string[];
}

/** What the listing is worked out from: the session's files and start, and what it runs now. */
export interface HookListingInputs extends SettingsFiles {
  /** `--bare`: no hook of any file or plugin runs. */
  bare: boolean;
  /** `disableAllHooks` as the session started (a change to it waits for a new session). */
  disabledAtStart: boolean;
  /** False when the person did not trust the folder: its own files' hooks stay off. */
  projectTrusted: boolean;
  /** The session's plugins (their hooks run after the settings files'). */
  plugins: readonly LoadedPlugin[];
  /** The settings' and plugins' hooks the session runs now (undefined: none at all). */
  inForce: () => HooksConfig | undefined;
  /** The skills invoked so far whose hooks run from then to the session's end. */
  skills: () => readonly InvokedSkillHooks[];
  /** The session's environment (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS sets SessionEnd's budget). */
  env: Readonly<Record<string, string | undefined>>;
}

function entriesOf(config: HooksConfig, env: HookListingInputs["env"]): HookEntry[] {
  return HOOK_EVENTS.flatMap((event) =>
    (config[event] ?? []).flatMap((group: HookMatcherGroup) =>
      group.hooks.map((hook) => ({
        event,
        matcher: group.matcher,
        hook,
        timeoutMs: hookTimeoutMs(hook, event, env),
      })),
    ),
  );
}

/** Two entries are the same hook when event, matcher and every field of the handler agree. */
function entryKey(entry: HookEntry): string {
  return JSON.stringify([entry.event, entry.matcher ?? "", entry.hook]);
}

/** Why a configured hook the session does not run is off, in the order the causes decide. */
function offReason(
  origin: HookOrigin,
  inputs: HookListingInputs,
  disabledBy: string | undefined,
  sessionHasHooks: boolean,
): string {
  if (inputs.bare) return "off: --bare runs no hooks";
  if (inputs.disabledAtStart) return `off: disableAllHooks is set${disabledBy ?? ""}`;
  const fromProject = origin.kind === "settings" && PROJECT_SOURCES.has(origin.source);
  if (fromProject && !inputs.projectTrusted) {
    return "waiting for folder trust: this folder is not trusted (keel asks again when it starts here)";
  }
  if (!sessionHasHooks) {
    return "not in force: this session started with no hooks and gains none; it runs once keel starts again";
  }
  if (fromProject) {
    return "not in force: changed after the session started; a project's hook changes wait until keel starts again";
  }
  return "not in force: the file changed after the session started and its hooks were not taken (a ConfigChange hook blocked it, a held project change holds every hook change until keel starts again, or keel has not seen it yet)";
}

/**
 * The session's hooks for /hooks: every settings file read now (an untrusted project's too)
 * and every plugin, each hook marked in force when the session runs exactly it, otherwise
 * with why not; hooks the session runs that no file has any more are listed apart.
 */
export async function hookListing(inputs: HookListingInputs): Promise<HookListing> {
  const inspection = await readSettingsFiles(inputs);
  const notes: string[] = [];
  const configured: Array<HookEntry & { origin: HookOrigin }> = [];
  // disableAllHooks as the files have it now: the highest source that sets it.
  let disabledNow = false;
  let disabledBy: string | undefined;
  for (const layer of inspection.layers) {
    const disable = layer.settings.disableAllHooks;
    if (disable !== undefined) {
      disabledNow = disable;
      disabledBy = disable ? ` (${layer.origin})` : undefined;
    }
    if (layer.settings.hooks === undefined) continue;
    const parsed = parseHooksConfig(layer.settings.hooks, { file: layer.origin });
    for (const issue of parsed.errors) notes.push(`${describeIssue(issue)} (not in force)`);
    const origin = { kind: "settings" as const, source: layer.source, file: layer.origin };
    configured.push(...entriesOf(parsed.hooks, inputs.env).map((entry) => ({ ...entry, origin })));
  }
  if (disabledNow !== inputs.disabledAtStart) {
    const now = disabledNow ? `set${disabledBy ?? ""}` : "no longer set";
    notes.push(`disableAllHooks is ${now} in the files now; that waits until keel starts again`);
  }
  for (const plugin of inputs.plugins) {
    const origin = { kind: "plugin" as const, plugin: plugin.name, root: plugin.root };
    configured.push(...entriesOf(plugin.hooks, inputs.env).map((entry) => ({ ...entry, origin })));
  }
  const live = inputs.inForce();
  const running = new Set(entriesOf(live ?? {}, inputs.env).map(entryKey));
  const hooks = configured.map((entry): ListedHook => {
    const state: HookState = running.has(entryKey(entry))
      ? { kind: "in force" }
      : { kind: "off", why: offReason(entry.origin, inputs, disabledBy, live !== undefined) };
    return { ...entry, state };
  });
  // An invoked skill's hooks run from then on, by an engine of their own: in force as listed.
  for (const skill of inputs.skills()) {
    const origin = { kind: "skill" as const, skill: skill.name, file: skill.file };
    for (const entry of entriesOf(skill.hooks, inputs.env)) {
      hooks.push({ ...entry, origin, state: { kind: "in force" } });
    }
  }
  const listed = new Set(configured.map(entryKey));
  const stale = entriesOf(live ?? {}, inputs.env).filter((entry) => !listed.has(entryKey(entry)));
  return { hooks, stale, notes };
}
