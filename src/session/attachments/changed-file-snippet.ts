import { type StructuredPatchHunk, structuredPatch } from "diff";

/** Lines of context around each change in the snippet (Claude Code shows 8). */
export const SNIPPET_CONTEXT_LINES = 8;

/** The most bytes a changed-file snippet may take (Claude Code's cap). */
export const MAX_SNIPPET_BYTES = 8192;

/** One hunk's added and unchanged lines, numbered by their place in the new text (`N\ttext`). */
function hunkLines(hunk: StructuredPatchHunk): string[] {
  const out: string[] = [];
  let lineNo = hunk.newStart;
  for (const line of hunk.lines) {
    const mark = line[0];
    // Removed lines are not in the new text; "\" lines are jsdiff's end-of-file notes.
    if (mark !== "+" && mark !== " ") continue;
    out.push(`${lineNo}\t${line.slice(1)}`);
    lineNo += 1;
  }
  return out;
}

/**
 * The lines of the new text around each change, hunks separated by a `...` line, or undefined
 * when the texts are the same. Both texts are taken without a final line break, as Read keeps them.
 */
export function changedLines(before: string, after: string): string[] | undefined {
  if (before === after) return undefined;
  // A shared final line break keeps jsdiff from adding "no newline at end of file" lines.
  const patch = structuredPatch("a", "b", `${before}\n`, `${after}\n`, undefined, undefined, {
    context: SNIPPET_CONTEXT_LINES,
  });
  const hunks = patch.hunks.map(hunkLines).filter((lines) => lines.length > 0);
  if (hunks.length === 0) return undefined;
  return hunks.flatMap((lines, i) => (i === 0 ? lines : ["...", ...lines]));
}

function truncationNote(dropped: number): string {
  return `... [${dropped} lines truncated] ...`;
}

/**
 * Joins snippet lines, keeping whole lines up to `maxBytes` (UTF-8) in all, the last line
 * saying how many lines were left out.
 */
export function capSnippet(lines: readonly string[], maxBytes = MAX_SNIPPET_BYTES): string {
  const whole = lines.join("\n");
  if (Buffer.byteLength(whole) <= maxBytes) return whole;
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    const cost = Buffer.byteLength(line) + 1;
    // Room is kept for the note, whose number has at most as many digits as the line count.
    const note = Buffer.byteLength(truncationNote(lines.length));
    if (bytes + cost + note > maxBytes) break;
    kept.push(line);
    bytes += cost;
  }
  return [...kept, truncationNote(lines.length - kept.length)].join("\n");
}

/** The snippet for a changed file: numbered new lines around each change, capped in size. */
export function changedFileSnippet(before: string, after: string): string | undefined {
  const lines = changedLines(before, after);
  return lines === undefined ? undefined : capSnippet(lines);
}
