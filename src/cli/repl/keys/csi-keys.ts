import { type KeyName, type KeyPress, type Modifiers, NO_MODS, namedKey } from "./key-press.js";

/** Letters that end a cursor-key sequence (`ESC [ A`, `ESC O A`, `ESC [ 1 ; 5 A`). */
const LETTER_KEYS: Readonly<Record<string, KeyName>> = {
  A: "up",
  B: "down",
  C: "right",
  D: "left",
  H: "home",
  F: "end",
};

/** rxvt sends Shift+arrow as a lower-case letter. */
const RXVT_SHIFTED: Readonly<Record<string, KeyName>> = {
  a: "up",
  b: "down",
  c: "right",
  d: "left",
};

/** The number before `~` (`ESC [ 3 ~` is Delete). */
const TILDE_KEYS: Readonly<Record<number, KeyName>> = {
  1: "home",
  7: "home",
  4: "end",
  8: "end",
  3: "delete",
  5: "pageup",
  6: "pagedown",
};

/** xterm's modifier parameter: 1 + a bit mask of Shift (1), Alt (2), Ctrl (4), Meta (8). */
function modifiersOf(parameter: number | undefined): Modifiers {
  if (parameter === undefined || parameter < 2) return NO_MODS;
  const mask = parameter - 1;
  return { shift: (mask & 1) !== 0, meta: (mask & 10) !== 0, ctrl: (mask & 4) !== 0 };
}

/**
 * A key named by its code point with modifiers: the CSI-u form (`ESC [ 13 ; 2 u`, kitty and
 * others) and xterm's modifyOtherKeys form (`ESC [ 27 ; 2 ; 13 ~`), which is how a terminal
 * tells Shift+Enter from Enter.
 */
export function codePointKey(code: number, mods: Modifiers, sequence: string): KeyPress {
  if (code === 13) return namedKey("return", mods);
  if (code === 9) return namedKey("tab", mods);
  if (code === 127 || code === 8) return namedKey("backspace", mods);
  if (code === 27) return namedKey("escape", mods);
  if (code < 0x20 || code > 0x10ffff) return { kind: "other", sequence };
  const char = String.fromCodePoint(code);
  if (mods.ctrl) return { kind: "ctrl", char: char.toLowerCase() };
  if (mods.meta) return { kind: "meta", char };
  return { kind: "text", text: char };
}

/** The numbers of a CSI sequence's parameters (`1;5` → [1, 5]; a sub-parameter `1:2` → 1). */
function numbers(parameters: string): Array<number | undefined> {
  return parameters.split(";").map((part) => {
    const value = Number.parseInt(part.split(":")[0] ?? "", 10);
    return Number.isNaN(value) ? undefined : value;
  });
}

/** The key a CSI sequence (`ESC [ <parameters> <final>`) stands for. */
export function csiKey(parameters: string, final: string, sequence: string): KeyPress {
  const [first, second, third] = numbers(parameters);
  const letter = LETTER_KEYS[final];
  if (letter) return namedKey(letter, modifiersOf(second));
  const shifted = RXVT_SHIFTED[final];
  if (shifted && parameters === "") return namedKey(shifted, { shift: true });
  if (final === "Z") return namedKey("tab", { shift: true });
  if (final === "u" && first !== undefined) {
    return codePointKey(first, modifiersOf(second), sequence);
  }
  if (final === "~" && first === 27 && third !== undefined) {
    return codePointKey(third, modifiersOf(second), sequence);
  }
  const tilde = final === "~" && first !== undefined ? TILDE_KEYS[first] : undefined;
  if (tilde) return namedKey(tilde, modifiersOf(second));
  return { kind: "other", sequence };
}

/** The key an SS3 sequence (`ESC O <final>`, cursor keys in application mode) stands for. */
export function ss3Key(final: string, sequence: string): KeyPress {
  const letter = LETTER_KEYS[final];
  return letter ? namedKey(letter) : { kind: "other", sequence };
}
