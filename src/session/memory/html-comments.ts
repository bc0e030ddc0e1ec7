import { fencedLines } from "./markdown-code.js";

const BLOCK_COMMENT_START = /^ {0,3}<!--/;

/** Where a comment opened at `line` ends: the line holding `-->` and the column after it. */
function commentEnd(
  lines: readonly string[],
  line: number,
): { line: number; column: number } | undefined {
  const first = lines[line] ?? "";
  let from = first.indexOf("<!--") + 4;
  for (let i = line; i < lines.length; i++) {
    const at = (lines[i] ?? "").indexOf("-->", i === line ? from : 0);
    if (at >= 0) return { line: i, column: at + 3 };
    from = 0;
  }
  return undefined;
}

/**
 * Removes block-level HTML comments (a line starting with `<!--`, through `-->`), as Claude Code
 * does before injecting memory; comments inside fenced code blocks, inline comments and an
 * unterminated comment (which might hide the rest of the file) are kept.
 */
export function stripBlockHtmlComments(text: string): string {
  const lines = text.split("\n");
  const fenced = fencedLines(lines);
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const end = !fenced[i] && BLOCK_COMMENT_START.test(line) ? commentEnd(lines, i) : undefined;
    if (!end) {
      out.push(line);
      i++;
      continue;
    }
    const rest = (lines[end.line] ?? "").slice(end.column);
    if (rest.trim() === "") {
      i = end.line + 1;
      continue;
    }
    // Text after `-->` on the closing line is content (and may itself open another comment).
    lines[end.line] = rest;
    fenced[end.line] = false;
    i = end.line;
  }
  return out.join("\n");
}
