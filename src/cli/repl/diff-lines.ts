import { z } from "zod";

/** One line of a diff as the REPL shows it. */
export interface DiffLine {
  kind: "added" | "removed" | "context" | "hunk";
  text: string;
  /** The line's number: in the new file for added and unchanged lines, in the old for removed. */
  number?: number;
}

const hunkSchema = z.object({
  oldStart: z.number(),
  oldLines: z.number(),
  newStart: z.number(),
  newLines: z.number(),
  lines: z.array(z.string()),
});

/** One hunk of a unified diff (the `diff` package's structured patch). */
export type Hunk = z.infer<typeof hunkSchema>;

/** The part of an Edit or Write result the REPL draws (untrusted: it is a tool's output). */
const patchResult = z.object({ structuredPatch: z.array(hunkSchema) });

function lineKind(line: string): DiffLine["kind"] {
  if (line.startsWith("+")) return "added";
  if (line.startsWith("-")) return "removed";
  return "context";
}

/** The lines of hunks, each hunk under its `@@` header, every line numbered. */
export function hunkLines(hunks: readonly Hunk[]): DiffLine[] {
  const out: DiffLine[] = [];
  for (const hunk of hunks) {
    out.push({
      kind: "hunk",
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    for (const line of hunk.lines) {
      if (line.startsWith("\\")) continue;
      const kind = lineKind(line);
      const number = kind === "removed" ? oldNumber++ : newNumber++;
      if (kind === "context") oldNumber++;
      out.push({ kind, text: line, number });
    }
  }
  return out;
}

/** The diff of an Edit or Write result, or undefined when the result carries none. */
export function diffLines(toolUseResult: unknown, maxLines = 40): DiffLine[] | undefined {
  const parsed = patchResult.safeParse(toolUseResult);
  if (!parsed.success || parsed.data.structuredPatch.length === 0) return undefined;
  const out = hunkLines(parsed.data.structuredPatch);
  if (out.length <= maxLines) return out;
  const hidden = out.length - maxLines;
  return [...out.slice(0, maxLines), { kind: "hunk", text: `… ${hidden} more lines` }];
}
