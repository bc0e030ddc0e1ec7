import type { PermissionEngine } from "../policy/engine.js";
import type { SessionSlash } from "./slash/session-slash.js";
import type { SlashCatalog } from "./slash/slash-catalog.js";

/** What a session reads again mid-session when asked (an SDK host's reload_* requests, hooks). */
export interface SessionReloads {
  /**
   * Reads the skill and command folders again (the user's, the project's and its parents',
   * the working folders added since the start, the plugins'): a skill written or edited
   * since is listed, and the Skill tool and `/name` run it, from the next turn.
   */
  skills(): Promise<SlashCatalog>;
}

/** What the reloads work on. */
interface SessionReloadsInputs {
  cwd: string;
  slash: Pick<SessionSlash, "reload">;
  /** Its working folders now: register_repo_root and /add-dir add to them. */
  permissions: Pick<PermissionEngine, "workingFolders">;
}

/** The session's reloads. */
export function sessionReloads(inputs: SessionReloadsInputs): SessionReloads {
  const addedDirs = () => inputs.permissions.workingFolders.filter((dir) => dir !== inputs.cwd);
  return {
    skills: () => inputs.slash.reload({ addedDirs: addedDirs() }),
  };
}
