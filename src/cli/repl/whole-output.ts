import { createContext, useContext } from "react";
import { terminalSafe } from "./render/terminal-text.js";
import type { ToolItem, TranscriptItem } from "./transcript-model.js";

/**
 * Whether tool results are drawn whole (Ctrl+O) or cut to their first lines. Finished items are
 * printed once (Ink's Static), so the switch holds for results printed after it; the result cut
 * last is printed again, whole, when it is turned on (wholeOutputText).
 */
export const WholeOutputContext = createContext(false);

/** True while Ctrl+O has tool results drawn whole. */
export function useWholeOutput(): boolean {
  return useContext(WholeOutputContext);
}

/** The newest finished tool call whose result was cut, if any. */
export function lastCutTool(done: readonly TranscriptItem[]): ToolItem | undefined {
  for (let index = done.length - 1; index >= 0; index--) {
    const item = done[index];
    if (item?.kind === "tool" && item.result?.whole) return item;
  }
  return undefined;
}

/** What Ctrl+O prints: the last cut result whole, under its call, then what the switch does. */
export function wholeOutputText(now: boolean, cut: ToolItem | undefined): string {
  if (!now) return "Tool output is cut to its first lines again (Ctrl+O shows it whole).";
  const note = "Tool output is shown whole from now on (Ctrl+O cuts it again).";
  const whole = cut?.result?.whole;
  if (!cut || !whole) return note;
  const heading = `⎿ ${cut.summary}, whole (${whole.length} lines):`;
  return [heading, ...whole.map((line) => `  ${terminalSafe(line)}`), note].join("\n");
}
