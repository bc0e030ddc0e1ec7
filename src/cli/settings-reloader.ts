import type { PermissionEngine } from "../policy/engine.js";
import { gateProjectWidening, reloadBasis } from "./project-reload-gate.js";
import type { SessionHooks } from "./session-hooks.js";
import type { SessionPolicy } from "./session-policy.js";

/** The flag layer a reload reads in place of the one the session started with. */
export interface FlagLayer {
  /** `--settings` as inline JSON (an SDK host's applyFlagSettings). */
  settings: string;
}

/** What a reload put in force, and what waits for a new session (one phrase each). */
export interface ReloadOutcome {
  held: string[];
}

/**
 * Reads the session's settings again and puts in force their permission rules and hooks, with
 * what a project-level file would widen held back (project-reload-gate.ts). Every reload of a
 * session goes through one reloader, one at a time: a settings file's change and an SDK host's
 * flags are weighed against the same basis, so neither lets through what the other held.
 */
export interface SettingsReloader {
  /**
   * Reloads; `flags` replaces the flag layer from now on (kept only when the reload succeeds).
   * Rejects, changing nothing, when the settings cannot be used.
   */
  reload(flags?: FlagLayer): Promise<ReloadOutcome>;
}

/** What a reloader works on. */
export interface SettingsReloaderDeps {
  /** The settings the session started with (what a project-level file may not widen). */
  start: Pick<SessionPolicy, "settings" | "plugins">;
  /** Reads the settings again, with the session's flags (or `flags`) and folder trust. */
  read: (flags?: FlagLayer) => Promise<Pick<SessionPolicy, "settings" | "hooks" | "plugins">>;
  hooks: Pick<SessionHooks, "reconfigure">;
  permissions: Pick<PermissionEngine, "replaceSettingsRules">;
}

/** The session's reloader. */
export function createSettingsReloader(deps: SettingsReloaderDeps): SettingsReloader {
  let basis = reloadBasis(deps.start);
  let flags: FlagLayer | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (next: FlagLayer | undefined): Promise<ReloadOutcome> => {
    const policy = await deps.read(next ?? flags);
    const gated = gateProjectWidening(basis, policy);
    basis = gated.basis;
    if (next) flags = next;
    deps.permissions.replaceSettingsRules(gated.rules);
    if (!gated.hooksHeld) deps.hooks.reconfigure(policy.hooks);
    return { held: gated.held };
  };
  return {
    reload: (next) => {
      const done = queue.then(() => run(next));
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
