import type { PermissionMode } from "../../tools/context.js";
import type { KeyPress } from "./keys/key-press.js";

/** What decides which modes Shift+Tab may reach. */
export interface ModeCycleOptions {
  /** keel was started in bypassPermissions (and settings do not disable it). */
  bypassAvailable: boolean;
  /** The settings turn auto mode off (`disableAutoMode`): Shift+Tab skips it. */
  autoDisabled?: boolean;
}

/**
 * The modes Shift+Tab walks through, in Claude Code's order: default → acceptEdits → plan →
 * auto → bypassPermissions, only when the session was started in it.
 */
export function cycleModes(options: ModeCycleOptions): PermissionMode[] {
  const modes: PermissionMode[] = ["default", "acceptEdits", "plan"];
  if (options.autoDisabled !== true) modes.push("auto");
  if (options.bypassAvailable) modes.push("bypassPermissions");
  return modes;
}

/** The mode after `current`; a mode outside the cycle (dontAsk) goes to default. */
export function nextMode(current: PermissionMode, options: ModeCycleOptions): PermissionMode {
  const modes = cycleModes(options);
  return modes[(modes.indexOf(current) + 1) % modes.length] ?? "default";
}

/** How the line under the prompt names a mode; default shows nothing (Claude Code's words). */
export function modeLabel(mode: PermissionMode): string | undefined {
  switch (mode) {
    case "default":
      return undefined;
    case "acceptEdits":
      return "⏵⏵ accept edits on";
    case "plan":
      return "⏸ plan mode on";
    case "bypassPermissions":
      return "⏵⏵ bypass permissions on";
    case "dontAsk":
      return "⏵⏵ don't ask on";
    case "auto":
      return "⏵⏵ auto mode on";
  }
}

/** Shift+Tab (`ESC [ Z`): the key that moves to the next mode. */
export function isModeKey(key: KeyPress): boolean {
  return key.kind === "key" && key.name === "tab" && key.mods.shift;
}
