import { useStdout } from "ink";
import { useTerminalRows } from "./render/use-terminal-rows.js";

const CURSOR_HOME = "\u001b[H";

/**
 * What Ctrl+L writes once Ink has taken the live region off the screen: enough line feeds at
 * the bottom to scroll every row still showing into the scrollback (nothing is erased, so the
 * conversation stays there to scroll back to), then the cursor to the top, where Ink draws the
 * prompt again.
 */
export function scrollScreenAway(rows: number): string {
  return "\n".repeat(Math.max(0, rows - 1)) + CURSOR_HOME;
}

/** Ctrl+L: a clear screen with the prompt drawn again at its top (Ink's write keeps it drawn). */
export function useRedraw(): () => void {
  const { write } = useStdout();
  // The terminal's own height: Ink's stdout says it has no bottom (render/ink-stdout.ts).
  const rows = useTerminalRows();
  return () => write(scrollScreenAway(rows));
}
