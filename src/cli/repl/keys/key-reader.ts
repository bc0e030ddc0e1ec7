import { decodeKeys } from "./decode-keys.js";
import type { KeyPress } from "./key-press.js";

/** What a terminal in bracketed paste mode sends around pasted text. */
export const PASTE_START = "\u001b[200~";
export const PASTE_END = "\u001b[201~";

/**
 * Without bracketed paste, a chunk of at least this many characters that holds a line break is
 * taken as a paste (Claude Code's threshold): no one types that much between two reads.
 */
export const PASTE_MIN_CHARS = 800;

/** Turns what the terminal sends, chunk by chunk, into key presses and pastes. */
export interface KeyReader {
  read(chunk: string): KeyPress[];
}

/** A chunk with no paste markers: its keys, or one paste when it is long and has line breaks. */
function keysOf(chunk: string, pasteMinChars: number): KeyPress[] {
  if (chunk.length >= pasteMinChars && /[\r\n]/.test(chunk) && !chunk.includes("\u001b")) {
    return [{ kind: "paste", text: chunk }];
  }
  return decodeKeys(chunk);
}

/**
 * A reader that keeps pasted text whole: everything between `ESC [200~` and `ESC [201~`, over
 * as many chunks as it takes, is one paste whose line breaks are text, not Enter.
 */
export function createKeyReader(pasteMinChars = PASTE_MIN_CHARS): KeyReader {
  let pasted: string | undefined;
  return {
    read(chunk) {
      const keys: KeyPress[] = [];
      let rest = chunk;
      for (;;) {
        if (pasted !== undefined) {
          const text = pasted + rest;
          const end = text.indexOf(PASTE_END);
          if (end === -1) {
            pasted = text;
            return keys;
          }
          if (end > 0) keys.push({ kind: "paste", text: text.slice(0, end) });
          pasted = undefined;
          rest = text.slice(end + PASTE_END.length);
          continue;
        }
        const start = rest.indexOf(PASTE_START);
        keys.push(...keysOf(start === -1 ? rest : rest.slice(0, start), pasteMinChars));
        if (start === -1) return keys;
        pasted = "";
        rest = rest.slice(start + PASTE_START.length);
      }
    },
  };
}
