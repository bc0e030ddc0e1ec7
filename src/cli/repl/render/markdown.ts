import { stripVTControlCharacters } from "node:util";
import { Marked } from "marked";
import { markedTerminal } from "marked-terminal";

/** How finished assistant text is laid out. */
export interface MarkdownOptions {
  /** Columns the text may use. */
  width: number;
  /** False: plain text (NO_COLOR, or not a terminal). */
  color: boolean;
}

// One parser per width: building marked-terminal's renderer is not free, widths rarely change.
const parsers = new Map<number, Marked>();

function parserFor(width: number): Marked {
  let parser = parsers.get(width);
  if (!parser) {
    // marked-terminal's types describe an older marked; the extension object is what marked takes.
    const extension = markedTerminal({ width, reflowText: true, tab: 2 }) as Parameters<
      Marked["use"]
    >[0];
    parser = new Marked().use(extension);
    parsers.set(width, parser);
  }
  return parser;
}

/**
 * Renders markdown for the terminal: headings, lists, emphasis, code blocks highlighted by
 * language, paragraphs reflowed to `width`; without colour every escape sequence is removed.
 */
export function renderMarkdown(text: string, options: MarkdownOptions): string {
  const width = Math.max(20, Math.floor(options.width));
  const rendered = parserFor(width).parse(text, { async: false }).replace(/\s+$/, "");
  return options.color ? rendered : stripVTControlCharacters(rendered);
}
