/** A piece of a word's value, and whether bash treats it as quoted (no glob/brace/tilde). */
export interface Segment {
  text: string;
  quoted: boolean;
}

/** An unquoted word's text: a backslash quotes the next character. */
export function unquotedSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "\\" && i + 1 < text.length) {
      const next = text[i + 1] ?? "";
      if (next !== "\n") segments.push({ text: next, quoted: true });
      i++;
    } else {
      segments.push({ text: char, quoted: false });
    }
  }
  return segments;
}

/** Text inside double quotes: a backslash escapes only `$`, backtick, `"`, `\` and newline. */
export function doubleQuotedText(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_match, escaped: string) =>
    escaped === "\n" ? "" : escaped,
  );
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** The value of a `$'...'` string, and whether bash is sure to pass exactly that value. */
export interface AnsiCValue {
  text: string;
  /**
   * False when bash would pass something else: a NUL cuts the word short there, and escapes
   * this reader does not model (`\cX`) are kept as written here but not by bash.
   */
  exact: boolean;
}

/** The value of a `$'...'` string (the common escapes). */
export function ansiCText(source: string): AnsiCValue {
  const body = source.slice(2, -1);
  let exact = true;
  const text = body.replace(
    /\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|.)/gs,
    (match, sequence: string) => {
      const decoded = decodeEscape(sequence);
      if (decoded === undefined) exact = false;
      return decoded ?? match;
    },
  );
  if (text.includes("\0")) exact = false;
  return { text, exact };
}

function decodeEscape(sequence: string): string | undefined {
  const simple = SIMPLE_ESCAPES[sequence];
  if (simple !== undefined) return simple;
  const kind = sequence[0];
  if (kind === "x") return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
  if (kind === "u" || kind === "U") {
    const codePoint = Number.parseInt(sequence.slice(1), 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : undefined;
  }
  if (kind !== undefined && kind >= "0" && kind <= "7") {
    return String.fromCharCode(Number.parseInt(sequence, 8));
  }
  return undefined;
}
