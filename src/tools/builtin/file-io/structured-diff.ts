import { type StructuredPatchHunk, structuredPatch } from "diff";
import { toLf } from "./line-endings.js";

/** One hunk of a unified diff: line ranges and the lines prefixed ' ', '-' or '+'. */
export type DiffHunk = StructuredPatchHunk;

/** Lines of context around each change, as `diff -u` shows. */
const CONTEXT_LINES = 3;

/** Above this many changed lines an exact diff costs too much; the whole file is shown replaced. */
const MAX_EDIT_LENGTH = 1000;

function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** A single hunk that removes every old line and adds every new one. */
function wholeFileHunk(before: string, after: string): DiffHunk[] {
  const removed = linesOf(before);
  const added = linesOf(after);
  return [
    {
      oldStart: 1,
      oldLines: removed.length,
      newStart: 1,
      newLines: added.length,
      lines: [...removed.map((line) => `-${line}`), ...added.map((line) => `+${line}`)],
    },
  ];
}

/**
 * The change from `before` to `after` as unified-diff hunks for the UI (line endings shown
 * as LF). Very different texts fall back to one hunk replacing the whole file.
 */
export function diffHunks(before: string, after: string): DiffHunk[] {
  const oldText = toLf(before);
  const newText = toLf(after);
  if (oldText === newText) return [];
  const patch = structuredPatch("a", "b", oldText, newText, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  return patch ? patch.hunks : wholeFileHunk(oldText, newText);
}
