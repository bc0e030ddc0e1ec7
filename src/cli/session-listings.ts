import { inspectSettings, type SettingsInspection } from "../config/settings/load.js";
import { absoluteDirectory } from "../config/settings/merge.js";
import type { HooksConfig } from "../hooks/config.js";
import type { InvokedSkillHooks } from "../hooks/skill-scoped-hooks.js";
import type { PermissionEngine } from "../policy/engine.js";
import type { PermissionRule } from "../policy/permission-rule.js";
import type { CliOptions } from "./options.js";
import { type HookListing, hookListing } from "./repl/commands/hook-listing.js";
import { settingsFilesOf } from "./repl/commands/settings-files.js";
import { cliSettingsInput, type SessionPolicy } from "./session-policy.js";

/** What an SDK host may read of a running session's configuration (read-only). */
export interface SessionListings {
  /** The settings files and flags as they read now, each layer with its source, lowest first. */
  settings(): Promise<SettingsInspection>;
  /** The hooks as /hooks lists them: each configured one, whether it runs, and why not. */
  hooks(): Promise<HookListing>;
  /** The permission rules the session decides with now (files, flags, session, commands). */
  rules(): readonly PermissionRule[];
  /** The working folders now: the session's own first, then those added. */
  workingFolders(): readonly string[];
  /** The folders `--add-dir` gave (absolute). */
  addDirFlags(): readonly string[];
  /** The session's own working folder. */
  cwd: string;
  /** The home folder (`~/` in a settings file's folders). */
  home: string;
  /** True when no settings file's or plugin's hook runs (--bare, disableAllHooks at start). */
  hooksOff: boolean;
}

/** What the listings are read from. */
interface SessionListingsInputs {
  options: CliOptions;
  roots: { home: string; stateDir: string; cwd: string };
  policy: SessionPolicy;
  env: Readonly<Record<string, string | undefined>>;
  permissions: Pick<PermissionEngine, "rules" | "workingFolders">;
  /** The settings' and plugins' hooks in force now. */
  hooksInForce: () => HooksConfig | undefined;
  /** The skills whose hooks are in force. */
  skillHooks: () => readonly InvokedSkillHooks[];
}

/** The session's listings. */
export function sessionListings(inputs: SessionListingsInputs): SessionListings {
  const { options } = inputs;
  const files = settingsFilesOf(options, inputs.roots);
  return {
    cwd: inputs.roots.cwd,
    home: inputs.roots.home,
    hooksOff: inputs.options.bare === true || inputs.policy.settings.disableAllHooks === true,
    // Every flag that makes a settings layer, as the session's own loading reads them.
    settings: () =>
      inspectSettings({
        ...inputs.roots,
        ...(files.sources ? { sources: files.sources } : {}),
        cli: cliSettingsInput(options),
      }),
    hooks: () =>
      hookListing({
        ...files,
        bare: inputs.options.bare === true,
        disabledAtStart: inputs.policy.settings.disableAllHooks === true,
        projectTrusted: inputs.policy.projectTrusted,
        plugins: inputs.policy.plugins.plugins,
        inForce: inputs.hooksInForce,
        skills: inputs.skillHooks,
        env: inputs.env,
      }),
    rules: () => inputs.permissions.rules(),
    workingFolders: () => inputs.permissions.workingFolders,
    addDirFlags: () => inputs.options.addDir.map((dir) => absoluteDirectory(dir, inputs.roots)),
  };
}
