import { type AutoMemorySwitches, autoMemoryFixedBy } from "./auto-memory-enabled.js";
import { type AutoMemoryPlace, makeMemoryFolder } from "./session-auto-memory.js";

/** How a switch of auto memory went. */
export type AutoMemorySwitchOutcome =
  | { ok: true; dir: string | undefined }
  | { ok: false; problem: string };

/**
 * A session's auto memory, switchable while the session runs (Claude Code's /memory toggle):
 * the system prompt's memory section and the permission engine's write exception both read
 * `dir()` each time, so a switch applies from the next turn and the next call.
 */
export interface AutoMemorySwitch {
  /** The memory folder while auto memory is on; undefined while it is off. */
  dir(): string | undefined;
  /** What fixes auto memory for this session (a variable or --bare), if anything does. */
  fixedBy(): string | undefined;
  /** Turns it on (creating the folder) or off; `onChange` runs when it changed. */
  set(on: boolean): Promise<AutoMemorySwitchOutcome>;
}

/** The switch of a session that started with `initial` (its folder, or undefined: off). */
export function createAutoMemorySwitch(
  place: AutoMemoryPlace & AutoMemorySwitches,
  initial: string | undefined,
  onChange: () => void,
): AutoMemorySwitch {
  let dir = initial;
  return {
    dir: () => dir,
    fixedBy: () => autoMemoryFixedBy(place),
    async set(on) {
      const fixed = autoMemoryFixedBy(place);
      if (fixed !== undefined && on !== (dir !== undefined)) {
        return { ok: false, problem: `${fixed} decides auto memory for this session` };
      }
      if (!on) {
        const was = dir;
        dir = undefined;
        if (was !== undefined) onChange();
        return { ok: true, dir };
      }
      if (dir !== undefined) return { ok: true, dir };
      const made = await makeMemoryFolder(place);
      if (!made.ok) return made;
      dir = made.dir;
      onChange();
      return { ok: true, dir };
    },
  };
}
