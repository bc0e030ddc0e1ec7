/** Where the cursor goes: the edges of lines and words in the prompt's text. */

/** The start of the line `cursor` is on. */
export function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf("\n", cursor - 1) + 1;
}

/** The end of the line `cursor` is on (before its line break). */
export function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf("\n", cursor);
  return end === -1 ? text.length : end;
}

const WORD = /[\p{L}\p{N}_]/u;

function isWord(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

/** Alt+B: back to the start of this or the previous word (letters, digits, `_`). */
export function wordBack(text: string, cursor: number): number {
  let at = cursor;
  while (at > 0 && !isWord(text[at - 1])) at -= 1;
  while (at > 0 && isWord(text[at - 1])) at -= 1;
  return at;
}

/** Alt+F: on to the end of this or the next word. */
export function wordForward(text: string, cursor: number): number {
  let at = cursor;
  while (at < text.length && !isWord(text[at])) at += 1;
  while (at < text.length && isWord(text[at])) at += 1;
  return at;
}

/** Ctrl+W: back over spaces, then over everything up to the previous space (a shell's word). */
export function spaceWordBack(text: string, cursor: number): number {
  let at = cursor;
  while (at > 0 && /\s/.test(text[at - 1] ?? "")) at -= 1;
  while (at > 0 && !/\s/.test(text[at - 1] ?? "")) at -= 1;
  return at;
}

/** The cursor one line up or down, keeping its column; undefined at the first/last line. */
export function lineMove(text: string, cursor: number, direction: -1 | 1): number | undefined {
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = lineStart(text, start - 1);
    return Math.min(previousStart + column, start - 1);
  }
  const nextBreak = text.indexOf("\n", cursor);
  if (nextBreak === -1) return undefined;
  return Math.min(nextBreak + 1 + column, lineEnd(text, nextBreak + 1));
}
