/** A named key: the ones the prompt reacts to, with their modifiers. */
export type KeyName =
  | "return"
  | "backspace"
  | "delete"
  | "tab"
  | "escape"
  | "up"
  | "down"
  | "left"
  | "right"
  | "home"
  | "end"
  | "pageup"
  | "pagedown";

/** Shift, Alt (meta) and Ctrl, as the terminal reported them. */
export interface Modifiers {
  shift: boolean;
  meta: boolean;
  ctrl: boolean;
}

/** One key press (or one paste) read from the terminal. */
export type KeyPress =
  /** Printable characters typed (several when they were read together). */
  | { kind: "text"; text: string }
  /** Pasted text, whole: its line breaks are text, not Enter. */
  | { kind: "paste"; text: string }
  | { kind: "key"; name: KeyName; mods: Modifiers }
  /** Ctrl with a character (`a` for Ctrl+A). */
  | { kind: "ctrl"; char: string }
  /** Alt (or Esc then) a character (`b` for Alt+B). */
  | { kind: "meta"; char: string }
  /** A sequence keel has no use for (a function key, a focus report). */
  | { kind: "other"; sequence: string };

/** No modifier held. */
export const NO_MODS: Modifiers = { shift: false, meta: false, ctrl: false };

/** A named key press, modifiers given as needed. */
export function namedKey(name: KeyName, mods: Partial<Modifiers> = {}): KeyPress {
  return { kind: "key", name, mods: { ...NO_MODS, ...mods } };
}

/** True when `key` is the named key with no Ctrl and no Alt (Shift may be held). */
export function isPlain(key: KeyPress, name: KeyName): boolean {
  return key.kind === "key" && key.name === name && !key.mods.ctrl && !key.mods.meta;
}
