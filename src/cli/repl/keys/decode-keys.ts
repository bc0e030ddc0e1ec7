import { csiKey, ss3Key } from "./csi-keys.js";
import { type KeyPress, namedKey } from "./key-press.js";

const ESC = "\u001b";

/** A key read from the text, and where the next one starts. */
interface Read {
  key: KeyPress;
  end: number;
}

function isPrintable(code: number): boolean {
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0);
}

/** A control character on its own: Enter, Backspace, Tab, Ctrl+letter. */
function controlKey(code: number, sequence: string): KeyPress {
  if (code === 0x0d) return namedKey("return");
  // Ctrl+J (a line feed) adds a line, as Shift+Enter does.
  if (code === 0x0a) return namedKey("return", { shift: true });
  if (code === 0x7f || code === 0x08) return namedKey("backspace");
  if (code === 0x09) return namedKey("tab");
  if (code >= 0x01 && code <= 0x1a) return { kind: "ctrl", char: String.fromCharCode(code + 0x60) };
  if (code >= 0x1c && code <= 0x1f) return { kind: "ctrl", char: String.fromCharCode(code + 0x40) };
  return { kind: "other", sequence };
}

/** `ESC [ …`: parameter and intermediate bytes, then one final byte. */
function readCsi(input: string, start: number): Read {
  let index = start + 2;
  // Linux console function keys: `ESC [ [ A`.
  if (input[index] === "[") index += 1;
  const body = index;
  while (index < input.length) {
    const code = input.charCodeAt(index);
    if (code >= 0x40 && code <= 0x7e) {
      const sequence = input.slice(start, index + 1);
      const parameters = input.slice(body, index).replace(/^[<=>?]/, "");
      return { key: csiKey(parameters, input[index] ?? "", sequence), end: index + 1 };
    }
    if (code < 0x20 || code > 0x3f) break;
    index += 1;
  }
  return { key: { kind: "other", sequence: input.slice(start, index) }, end: index };
}

/** The key after an Esc, with Alt added: `ESC b` is Alt+B, `ESC CR` Alt+Enter. */
function withMeta(key: KeyPress): KeyPress {
  switch (key.kind) {
    case "key":
      return { ...key, mods: { ...key.mods, meta: true } };
    case "text":
      return { kind: "meta", char: key.text };
    default:
      return key;
  }
}

/** True when `char` after an Esc starts a CSI (`[`) or SS3 (`O`) sequence. */
function startsSequence(char: string | undefined): boolean {
  return char === "[" || char === "O";
}

function readEscape(input: string, start: number): Read {
  const next = input[start + 1];
  // A lone Esc, or Esc pressed twice: each is Esc (`ESC ESC [ A` is Alt+↑ instead).
  if (next === undefined || (next === ESC && !startsSequence(input[start + 2]))) {
    return { key: namedKey("escape"), end: start + 1 };
  }
  if (next === "[") return readCsi(input, start);
  if (next === "O" && start + 2 < input.length) {
    const final = input[start + 2] ?? "";
    return { key: ss3Key(final, input.slice(start, start + 3)), end: start + 3 };
  }
  // One key, read on its own, after the Esc.
  const after = readOne(input, start + 1, true);
  return { key: withMeta(after.key), end: after.end };
}

/** Reads the key at `start`; `single` limits a text to one character (the one after an Esc). */
function readOne(input: string, start: number, single = false): Read {
  const code = input.codePointAt(start) ?? 0;
  if (input[start] === ESC) return readEscape(input, start);
  if (!isPrintable(code)) {
    const end = start + (code > 0xffff ? 2 : 1);
    return { key: controlKey(code, input.slice(start, end)), end };
  }
  let end = start;
  do {
    const at = input.codePointAt(end) ?? 0;
    if (!isPrintable(at) || input[end] === ESC) break;
    end += at > 0xffff ? 2 : 1;
  } while (end < input.length && !single);
  return { key: { kind: "text", text: input.slice(start, end) }, end };
}

/**
 * Splits what the terminal sent into key presses. Keys pressed faster than they are read come
 * in one chunk (`"abc\r"`, `"\x7f\x7f\x7f"`): each control character and escape sequence is a key
 * of its own, and a run of printable characters stays one text.
 */
export function decodeKeys(input: string): KeyPress[] {
  const keys: KeyPress[] = [];
  for (let index = 0; index < input.length; ) {
    const read = readOne(input, index);
    keys.push(read.key);
    index = read.end;
  }
  return keys;
}
