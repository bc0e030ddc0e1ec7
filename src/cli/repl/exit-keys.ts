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
 * but a process that was busy reads several presses as one raw chunk.
 */
export function ctrlCPresses(input: string, key: { ctrl: boolean }): number {
  if (key.ctrl && input === "c") return 1;
  return input !== "" && [...input].every((c) => c === CTRL_C) ? input.length : 0;
}
