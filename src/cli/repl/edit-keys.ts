import {
  lineEnd,
  lineMove,
  lineStart,
  spaceWordBack,
  wordBack,
  wordForward,
} from "./buffer-motion.js";
import { type InputBuffer, insertText, moveTo, removeRange } from "./input-buffer.js";
import type { KeyPress } from "./keys/key-press.js";

/** What an editing key did to the prompt. */
export type InputEdit =
  | { kind: "edit"; buffer: InputBuffer }
  /** Text cut out (Ctrl+K, Ctrl+U, Ctrl+W, Alt+D, Alt+Backspace), for Ctrl+Y to put back. */
  | { kind: "kill"; buffer: InputBuffer; killed: string }
  | { kind: "submit" }
  | { kind: "history"; direction: "previous" | "next" }
  | { kind: "ignored" };

const edit = (buffer: InputBuffer): InputEdit => ({ kind: "edit", buffer });

/** Cuts from the cursor to `to` (either side of it). */
function kill(buffer: InputBuffer, to: number): InputEdit {
  const from = buffer.cursor;
  if (from === to) return { kind: "ignored" };
  const killed = buffer.text.slice(Math.min(from, to), Math.max(from, to));
  return { kind: "kill", buffer: removeRange(buffer, from, to), killed };
}

/** Ctrl+K: to the end of the line; at its end, the line break. */
function killToLineEnd(buffer: InputBuffer): InputEdit {
  const end = lineEnd(buffer.text, buffer.cursor);
  return kill(buffer, end === buffer.cursor ? Math.min(end + 1, buffer.text.length) : end);
}

/** ↑/↓ (and Ctrl+P/Ctrl+N): between the lines of the prompt, past its edges through history. */
function upDown(buffer: InputBuffer, direction: -1 | 1): InputEdit {
  const moved = lineMove(buffer.text, buffer.cursor, direction);
  if (moved !== undefined) return edit(moveTo(buffer, moved));
  return { kind: "history", direction: direction === -1 ? "previous" : "next" };
}

/** Enter sends; Shift+Enter, Alt+Enter or `\` then Enter add a line. */
function onReturn(buffer: InputBuffer, newline: boolean): InputEdit {
  if (newline) return edit(insertText(buffer, "\n"));
  const { text, cursor } = buffer;
  if (cursor > 0 && text[cursor - 1] === "\\") {
    return edit(insertText(removeRange(buffer, cursor - 1, cursor), "\n"));
  }
  return { kind: "submit" };
}

function namedKeyEdit(buffer: InputBuffer, key: Extract<KeyPress, { kind: "key" }>): InputEdit {
  const { text, cursor } = buffer;
  const word = key.mods.ctrl || key.mods.meta;
  switch (key.name) {
    case "return":
      return onReturn(buffer, key.mods.shift || key.mods.meta);
    case "backspace":
      return word
        ? kill(buffer, wordBack(text, cursor))
        : edit(removeRange(buffer, cursor - 1, cursor));
    case "delete":
      return edit(removeRange(buffer, cursor, cursor + 1));
    case "left":
      return edit(moveTo(buffer, word ? wordBack(text, cursor) : cursor - 1));
    case "right":
      return edit(moveTo(buffer, word ? wordForward(text, cursor) : cursor + 1));
    case "home":
      return edit(moveTo(buffer, lineStart(text, cursor)));
    case "end":
      return edit(moveTo(buffer, lineEnd(text, cursor)));
    case "up":
      return upDown(buffer, -1);
    case "down":
      return upDown(buffer, 1);
    default:
      return { kind: "ignored" };
  }
}

/** Emacs keys: Ctrl+A/E/B/F/P/N move, Ctrl+K/U/W cut, Ctrl+H and Ctrl+D delete. */
function ctrlEdit(buffer: InputBuffer, char: string): InputEdit {
  const { text, cursor } = buffer;
  switch (char) {
    case "a":
      return edit(moveTo(buffer, lineStart(text, cursor)));
    case "e":
      return edit(moveTo(buffer, lineEnd(text, cursor)));
    case "b":
      return edit(moveTo(buffer, cursor - 1));
    case "f":
      return edit(moveTo(buffer, cursor + 1));
    case "p":
      return upDown(buffer, -1);
    case "n":
      return upDown(buffer, 1);
    case "k":
      return killToLineEnd(buffer);
    case "u":
      return kill(buffer, lineStart(text, cursor));
    case "w":
      return kill(buffer, spaceWordBack(text, cursor));
    case "h":
      return edit(removeRange(buffer, cursor - 1, cursor));
    case "d":
      return edit(removeRange(buffer, cursor, cursor + 1));
    default:
      return { kind: "ignored" };
  }
}

/** Alt+B/F move by words, Alt+D cuts the next word. */
function metaEdit(buffer: InputBuffer, char: string): InputEdit {
  const { text, cursor } = buffer;
  switch (char.toLowerCase()) {
    case "b":
      return edit(moveTo(buffer, wordBack(text, cursor)));
    case "f":
      return edit(moveTo(buffer, wordForward(text, cursor)));
    case "d":
      return kill(buffer, wordForward(text, cursor));
    default:
      return { kind: "ignored" };
  }
}

/**
 * Applies one editing key to the prompt: typed text goes in at the cursor, the arrows, Home/End
 * and the Emacs keys move and cut, Backspace and Delete delete back and forward, Enter sends.
 */
export function editKey(buffer: InputBuffer, key: KeyPress): InputEdit {
  switch (key.kind) {
    case "text":
      return edit(insertText(buffer, key.text));
    case "key":
      return namedKeyEdit(buffer, key);
    case "ctrl":
      return ctrlEdit(buffer, key.char);
    case "meta":
      return metaEdit(buffer, key.char);
    default:
      return { kind: "ignored" };
  }
}
