/** The prompt being typed: its text and where the cursor is (an index into the text). */
export interface InputBuffer {
  text: string;
  cursor: number;
}

/** An empty prompt. */
export const EMPTY_BUFFER: InputBuffer = { text: "", cursor: 0 };

/** A prompt holding `text` with the cursor at its end. */
export function bufferOf(text: string): InputBuffer {
  return { text, cursor: text.length };
}

/** `added` typed at the cursor; the cursor ends up after it. */
export function insertText(buffer: InputBuffer, added: string): InputBuffer {
  const { text, cursor } = buffer;
  return {
    text: text.slice(0, cursor) + added + text.slice(cursor),
    cursor: cursor + added.length,
  };
}

/** The text between `from` and `to` taken out; the cursor goes to where it was. */
export function removeRange(buffer: InputBuffer, from: number, to: number): InputBuffer {
  const start = Math.max(0, Math.min(from, to));
  const end = Math.min(buffer.text.length, Math.max(from, to));
  return { text: buffer.text.slice(0, start) + buffer.text.slice(end), cursor: start };
}

/** The same text with the cursor at `cursor` (kept inside the text). */
export function moveTo(buffer: InputBuffer, cursor: number): InputBuffer {
  return { text: buffer.text, cursor: Math.max(0, Math.min(buffer.text.length, cursor)) };
}
