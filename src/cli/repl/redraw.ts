import { useStdout } from "ink";

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
  const { stdout, write } = useStdout();
  return () => write(scrollScreenAway(stdout.rows ?? 24));
}
