import type { InputBuffer } from "../input-buffer.js";

/** An `@path` being typed: where it starts in the prompt and the part after the `@`. */
export interface AtToken {
  /** Index of the `@`. */
  start: number;
  /** Index just past the token (the cursor). */
  end: number;
  prefix: string;
}

/**
 * The `@` token the cursor is at the end of, if any: an `@` at the start of the prompt or after
 * whitespace, followed by non-space characters up to the cursor (an e-mail address is not one).
 */
export function atTokenAt(buffer: InputBuffer): AtToken | undefined {
  const before = buffer.text.slice(0, buffer.cursor);
  const match = /(^|\s)@(\S*)$/.exec(before);
  if (!match) return undefined;
  const prefix = match[2] ?? "";
  return { start: buffer.cursor - prefix.length - 1, end: buffer.cursor, prefix };
}

/**
 * The prompt with the token replaced by `@path ` and the cursor after it; a folder (`src/`)
 * gets no space, so completing goes on inside it.
 */
export function completeToken(buffer: InputBuffer, token: AtToken, path: string): InputBuffer {
  const folder = path.endsWith("/");
  const inserted = folder ? `@${path}` : `@${path} `;
  // The space after a file is ours: one already there is not doubled.
  const after = buffer.text.slice(token.end);
  const rest = folder ? after : after.replace(/^ /, "");
  return {
    text: buffer.text.slice(0, token.start) + inserted + rest,
    cursor: token.start + inserted.length,
  };
}
