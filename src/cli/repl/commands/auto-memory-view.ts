import { join } from "node:path";
import type { AutoMemorySwitch } from "../../../memory/auto-memory-switch.js";
import { type SaveOutcome, updateSettingsFile } from "./settings-json-file.js";

/** How switching auto memory from /memory went. */
export type AutoMemorySwitchResult =
  | {
      ok: true;
      /** The folder while on; undefined: off. */
      dir: string | undefined;
      /** False when it already was as asked (nothing was switched or saved). */
      changed: boolean;
      settingsPath: string;
      saved: SaveOutcome;
    }
  | { ok: false; problem: string };

/** The session's auto memory as /memory shows and switches it. */
export interface AutoMemoryView {
  /** The memory folder while auto memory is on; undefined while off. */
  dir(): string | undefined;
  /** Switches it for this session and saves the choice as the user's `autoMemoryEnabled`. */
  switchTo(on: boolean): Promise<AutoMemorySwitchResult>;
}

/** keel's user settings file, where /memory saves the choice (Claude Code: its user settings). */
export function userSettingsPath(stateDir: string): string {
  return join(stateDir, "settings.json");
}

/** Writes `autoMemoryEnabled` into the settings file at `path`, every other key kept. */
export function saveAutoMemorySetting(path: string, on: boolean): Promise<SaveOutcome> {
  return updateSettingsFile(path, (settings) => ({
    ok: true,
    settings: { ...settings, autoMemoryEnabled: on },
  }));
}

/**
 * The view over a session's switch: a switch that changed something is saved in keel's user
 * settings, so the next session starts the same way (as Claude Code's /memory toggle does).
 */
export function autoMemoryView(memory: AutoMemorySwitch, stateDir: string): AutoMemoryView {
  const settingsPath = userSettingsPath(stateDir);
  return {
    dir: () => memory.dir(),
    async switchTo(on) {
      const was = memory.dir() !== undefined;
      const outcome = await memory.set(on);
      if (!outcome.ok) return outcome;
      if (was === on) return { ...outcome, changed: false, settingsPath, saved: { saved: true } };
      const saved = await saveAutoMemorySetting(settingsPath, on);
      return { ...outcome, changed: true, settingsPath, saved };
    },
  };
}
