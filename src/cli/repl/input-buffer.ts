/** The prompt being typed: its text and where the cursor is (an index into the text). */
export interface InputBuffer {
  text: string;
  cursor: number;
}

/** The keys the prompt reacts to (the fields of Ink's `Key` it reads). */
export interface KeyInfo {
  return: boolean;
  shift: boolean;
  meta: boolean;
  ctrl: boolean;
  backspace: boolean;
  delete: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  upArrow: boolean;
  downArrow: boolean;
  escape: boolean;
  tab: boolean;
}

/** What a key press did to the prompt. */
export type InputEdit =
  | { kind: "edit"; buffer: InputBuffer }
  | { kind: "submit"; text: string }
  | { kind: "history"; direction: "previous" | "next" }
  | { kind: "ignored" };

/** An empty prompt. */
export const EMPTY_BUFFER: InputBuffer = { text: "", cursor: 0 };

/** A prompt holding `text` with the cursor at its end. */
export function bufferOf(text: string): InputBuffer {
  return { text, cursor: text.length };
}

function printable(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return c === "\n" || (code >= 0x20 && code !== 0x7f);
    })
    .join("");
}

function insert(buffer: InputBuffer, added: string): InputBuffer {
  const { text, cursor } = buffer;
  return {
    text: text.slice(0, cursor) + added + text.slice(cursor),
    cursor: cursor + added.length,
  };
}

function backspace(buffer: InputBuffer): InputBuffer {
  const { text, cursor } = buffer;
  if (cursor === 0) return buffer;
  return { text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf("\n", cursor - 1) + 1;
}

/** Moves the cursor one line up or down, keeping its column; undefined at the first/last line. */
function moveLine(buffer: InputBuffer, direction: -1 | 1): InputBuffer | undefined {
  const { text, cursor } = buffer;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = lineStart(text, start - 1);
    return { text, cursor: Math.min(previousStart + column, start - 1) };
  }
  const nextBreak = text.indexOf("\n", cursor);
  if (nextBreak === -1) return undefined;
  const nextEnd = text.indexOf("\n", nextBreak + 1);
  const end = nextEnd === -1 ? text.length : nextEnd;
  return { text, cursor: Math.min(nextBreak + 1 + column, end) };
}

function onReturn(buffer: InputBuffer, key: KeyInfo): InputEdit {
  if (key.shift || key.meta) return { kind: "edit", buffer: insert(buffer, "\n") };
  const { text, cursor } = buffer;
  if (cursor > 0 && text[cursor - 1] === "\\") {
    return { kind: "edit", buffer: insert(backspace(buffer), "\n") };
  }
  return { kind: "submit", text };
}

function onArrow(buffer: InputBuffer, key: KeyInfo): InputEdit {
  if (key.leftArrow)
    return { kind: "edit", buffer: { ...buffer, cursor: Math.max(0, buffer.cursor - 1) } };
  if (key.rightArrow) {
    return {
      kind: "edit",
      buffer: { ...buffer, cursor: Math.min(buffer.text.length, buffer.cursor + 1) },
    };
  }
  const moved = moveLine(buffer, key.upArrow ? -1 : 1);
  if (moved) return { kind: "edit", buffer: moved };
  return { kind: "history", direction: key.upArrow ? "previous" : "next" };
}

/**
 * Applies one key press to the prompt: Enter submits; Shift+Enter, Alt+Enter or `\` then Enter
 * add a newline; ↑/↓ move between lines and, past the first or last, through the history.
 */
export function editInput(buffer: InputBuffer, input: string, key: KeyInfo): InputEdit {
  if (key.return) return onReturn(buffer, key);
  if (key.backspace || key.delete) return { kind: "edit", buffer: backspace(buffer) };
  if (key.leftArrow || key.rightArrow || key.upArrow || key.downArrow) return onArrow(buffer, key);
  if (key.ctrl || key.escape || key.tab) return { kind: "ignored" };
  // Pasted text arrives in one chunk; its line breaks are part of the prompt, other control
  // characters (Ctrl+C presses read together, stray escapes) are not.
  const text = printable(input.replace(/\r\n?/g, "\n"));
  return text === "" ? { kind: "ignored" } : { kind: "edit", buffer: insert(buffer, text) };
}
