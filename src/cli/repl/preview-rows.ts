import type { ChangePreview } from "./change-preview.js";
import type { DiffLine } from "./diff-lines.js";
import { terminalSafe } from "./render/terminal-text.js";
import { hardRows } from "./text-rows.js";

/** One screen row of a change preview. */
export interface PreviewRow {
  /**
   * The line number right-aligned and a space (blank on a wrapped line's later rows and on
   * headers); empty when the preview has no numbers.
   */
  gutter: string;
  text: string;
  colour?: "green" | "red" | "cyan";
}

const COLOURS: Readonly<Record<DiffLine["kind"], PreviewRow["colour"]>> = {
  added: "green",
  removed: "red",
  hunk: "cyan",
  context: undefined,
};

/** Tabs as spaces, escape sequences and control characters out: the row's width is its length. */
function shown(text: string): string {
  return terminalSafe(text).replace(/\t/g, "    ");
}

function lineRows(line: DiffLine, gutterWidth: number, width: number): PreviewRow[] {
  const colour = COLOURS[line.kind];
  const number = line.number === undefined ? "" : String(line.number);
  const gutter = (first: boolean) =>
    gutterWidth === 0 ? "" : `${(first ? number : "").padStart(gutterWidth)} `;
  const textWidth = width - (gutterWidth === 0 ? 0 : gutterWidth + 1);
  return hardRows(shown(line.text), textWidth).map((text, index) => ({
    gutter: gutter(index === 0),
    text,
    ...(colour ? { colour } : {}),
  }));
}

/**
 * A preview as rows `width` columns wide: a command's lines, or a file's numbered lines, each
 * long one wrapped onto rows of its own, so the dialog knows its height and can scroll it.
 */
export function previewRows(preview: ChangePreview, width: number): PreviewRow[] {
  if (preview.kind === "command") {
    return preview.command
      .split("\n")
      .flatMap((line) => hardRows(shown(line), width))
      .map((text) => ({ gutter: "", text }));
  }
  const widest = Math.max(0, ...preview.lines.map((line) => line.number ?? 0));
  const gutterWidth = widest === 0 ? 0 : String(widest).length;
  return preview.lines.flatMap((line) => lineRows(line, gutterWidth, width));
}
