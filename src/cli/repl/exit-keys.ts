import type { KeyPress } from "./keys/key-press.js";

/** How long a second Ctrl+C may come after the first and still mean "exit". */
export const DOUBLE_PRESS_MS = 2000;

/** What a Ctrl+C press means, given when the previous one came. */
export type CtrlCMeaning = { kind: "exit" } | { kind: "first"; at: number };

/** The first press clears or interrupts (the caller does which); a second one soon after exits. */
export function ctrlCMeaning(previousAt: number | undefined, now: number): CtrlCMeaning {
  if (previousAt !== undefined && now - previousAt <= DOUBLE_PRESS_MS) return { kind: "exit" };
  return { kind: "first", at: now };
}

const CTRL_C = "\u0003";

/**
 * How many Ctrl+C presses one chunk of input holds: Ink reports a lone press as `c` with ctrl,
 * but a process that was busy reads several presses, or presses among other keys, as one raw
 * chunk. A pasted text's control characters are text, not presses.
 */
export function ctrlCPresses(input: string, key: { ctrl: boolean }): number {
  if (key.ctrl && input === "c") return 1;
  if (input.includes("\u001b[200~")) return 0;
  return [...input].filter((c) => c === CTRL_C).length;
}

/** True for the prompt editor's Ctrl+C key press. */
export function isCtrlCKey(key: KeyPress): boolean {
  return key.kind === "ctrl" && key.char === "c";
}
