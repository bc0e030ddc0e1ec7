import type { InputBuffer } from "../input-buffer.js";

/** A command name being typed: `/` at the start of the prompt and the name up to the cursor. */
export interface SlashToken {
  start: number;
  /** Index just past the token (the cursor). */
  end: number;
  prefix: string;
}

/**
 * The command name the cursor is at the end of, if any: the prompt starts with `/` and holds only
 * a name's characters (letters, digits, `:`, `_`, `-`) up to the cursor, with nothing glued on
 * after it. `/usr/bin/x` is no command: its second `/` ends the token.
 */
export function slashTokenAt(buffer: InputBuffer): SlashToken | undefined {
  const match = /^\/([\w:-]*)$/.exec(buffer.text.slice(0, buffer.cursor));
  if (!match) return undefined;
  const after = buffer.text[buffer.cursor];
  if (after !== undefined && !/\s/.test(after)) return undefined;
  return { start: 0, end: buffer.cursor, prefix: match[1] ?? "" };
}

/** The prompt with the token replaced by `/name` (and a space after it, for the arguments). */
export function completeCommand(
  buffer: InputBuffer,
  token: SlashToken,
  name: string,
  space: boolean,
): InputBuffer {
  const inserted = `/${name}${space ? " " : ""}`;
  const rest = buffer.text.slice(token.end).replace(/^ /, "");
  return {
    text: buffer.text.slice(0, token.start) + inserted + rest,
    cursor: token.start + inserted.length,
  };
}
