import { stripVTControlCharacters } from "node:util";

/**
 * C0 controls other than tab and newline, DEL and C1 controls: they could move the cursor or
 * start escape sequences that tear the screen Ink draws.
 */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  if (char === "\t" || char === "\n") return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Text as it may be written into the screen: escape sequences and control characters removed. */
export function terminalSafe(text: string): string {
  return [...stripVTControlCharacters(text)].filter((c) => !isControl(c)).join("");
}

/**
 * The last `count` lines a command printed, as a terminal would show them: a carriage return
 * (a progress bar redrawing its line) keeps only what was written after it.
 */
export function lastLines(output: string, count: number): string[] {
  const lines = output
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => terminalSafe(line.slice(line.lastIndexOf("\r") + 1)));
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  return lines.slice(-count);
}
