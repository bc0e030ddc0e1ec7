import { useStdout } from "ink";
import { useEffect, useState } from "react";
import { InkStdout } from "./ink-stdout.js";

/** A terminal that does not say its height (a test's stream) is taken to have this many rows. */
const FALLBACK_ROWS = 24;

function screenRows(stdout: NodeJS.WriteStream): number {
  return (stdout instanceof InkStdout ? stdout.screenRows : stdout.rows) || FALLBACK_ROWS;
}

/** The terminal's height in rows, updated when it is resized (before Ink draws the new size). */
export function useTerminalRows(): number {
  const { stdout } = useStdout();
  const [rows, setRows] = useState(() => screenRows(stdout));
  useEffect(() => {
    const onResize = () => setRows(screenRows(stdout));
    // First in line: Ink redraws in its own listener, and should draw at the new height.
    stdout.prependListener("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return rows;
}
