/** A file's line terminator. */
export type LineEnding = "\n" | "\r\n";

/** The line ending most lines of a text use (LF when there are none or it is a tie). */
export function detectLineEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? "\r\n" : "\n";
}

/** The text with every CRLF turned into LF (how the model sees and writes text). */
export function toLf(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** The text with every line break written as `ending`. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return ending === "\n" ? toLf(text) : text.replace(/\r?\n/g, "\r\n");
}
