import { z } from "zod";
import { lastLines } from "./terminal-text.js";

/** How many of a running command's last lines the REPL shows. */
export const TAIL_LINES = 5;

/** The Bash tool's progress report (untrusted at this edge: it is whatever a tool reported). */
const bashProgressSchema = z.object({
  type: z.literal("bash_progress"),
  elapsedMs: z.number().nonnegative(),
  output: z.string().optional(),
});

/** What a running tool call shows under its summary line. */
export interface ToolProgressView {
  /** The last lines of its output so far. */
  lines: string[];
  /** How long it has run, as the tool measured it. */
  elapsedMs: number;
}

/** A Bash progress report as the REPL shows it; undefined for any other report. */
export function bashProgressView(data: unknown): ToolProgressView | undefined {
  const parsed = bashProgressSchema.safeParse(data);
  if (!parsed.success) return undefined;
  return {
    lines: lastLines(parsed.data.output ?? "", TAIL_LINES),
    elapsedMs: parsed.data.elapsedMs,
  };
}
