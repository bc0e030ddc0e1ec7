/**
 * Puts text on the clipboard through the terminal: the OSC 52 sequence, which terminals that
 * allow it (most modern ones, tmux with set-clipboard on) take as "copy this". False when
 * there is no terminal to write to.
 */
export function copyThroughTerminal(
  stdout: NodeJS.WritableStream & { isTTY?: boolean },
  text: string,
): boolean {
  if (stdout.isTTY !== true) return false;
  stdout.write(`\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`);
  return true;
}
