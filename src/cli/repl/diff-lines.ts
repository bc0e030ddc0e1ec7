import { z } from "zod";

/** One line of a diff as the REPL shows it. */
export interface DiffLine {
  kind: "added" | "removed" | "context" | "hunk";
  text: string;
}

/** The part of an Edit or Write result the REPL draws (untrusted: it is a tool's output). */
const patchResult = z.object({
  structuredPatch: z.array(
    z.object({
      oldStart: z.number(),
      oldLines: z.number(),
      newStart: z.number(),
      newLines: z.number(),
      lines: z.array(z.string()),
    }),
  ),
});

function lineKind(line: string): DiffLine["kind"] {
  if (line.startsWith("+")) return "added";
  if (line.startsWith("-")) return "removed";
  return "context";
}

/** The diff of an Edit or Write result, or undefined when the result carries none. */
export function diffLines(toolUseResult: unknown, maxLines = 40): DiffLine[] | undefined {
  const parsed = patchResult.safeParse(toolUseResult);
  if (!parsed.success || parsed.data.structuredPatch.length === 0) return undefined;
  const out: DiffLine[] = [];
  for (const hunk of parsed.data.structuredPatch) {
    out.push({
      kind: "hunk",
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    for (const line of hunk.lines) {
      if (line.startsWith("\\")) continue;
      out.push({ kind: lineKind(line), text: line });
    }
  }
  if (out.length <= maxLines) return out;
  const hidden = out.length - maxLines;
  return [...out.slice(0, maxLines), { kind: "hunk", text: `… ${hidden} more lines` }];
}
