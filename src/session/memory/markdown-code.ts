const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** An open fenced code block: the fence character and how many of them opened it. */
interface OpenFence {
  char: string;
  length: number;
}

/** Reads a line as a fence opener (an info string may not contain backticks after ```). */
function opener(line: string): OpenFence | undefined {
  const match = FENCE.exec(line);
  const run = match?.[1];
  if (!run) return undefined;
  const char = run[0] ?? "`";
  if (char === "`" && (match[2] ?? "").includes("`")) return undefined;
  return { char, length: run.length };
}

/** Whether a line closes the open fence: same character, at least as long, nothing after. */
function closes(line: string, fence: OpenFence): boolean {
  const match = FENCE.exec(line);
  const run = match?.[1];
  if (!run) return false;
  return run[0] === fence.char && run.length >= fence.length && (match[2] ?? "").trim() === "";
}

/** Marks the lines of fenced code blocks (fence lines included) so prose handling skips them. */
export function fencedLines(lines: readonly string[]): boolean[] {
  const marks: boolean[] = [];
  let fence: OpenFence | undefined;
  for (const line of lines) {
    if (fence) {
      marks.push(true);
      if (closes(line, fence)) fence = undefined;
      continue;
    }
    fence = opener(line);
    marks.push(fence !== undefined);
  }
  return marks;
}

const CODE_SPAN = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

/** A paragraph with its inline code spans blanked out (spans never cross paragraphs). */
function withoutCodeSpans(paragraph: string): string {
  return paragraph.replace(CODE_SPAN, " ");
}

/** The prose of a markdown text: fenced blocks and inline code spans replaced by blanks. */
export function proseOutsideCode(text: string): string {
  const lines = text.split("\n");
  const fenced = fencedLines(lines);
  const prose = lines.map((line, i) => (fenced[i] ? "" : line)).join("\n");
  return prose
    .split(/\n[ \t]*\n/)
    .map(withoutCodeSpans)
    .join("\n\n");
}
