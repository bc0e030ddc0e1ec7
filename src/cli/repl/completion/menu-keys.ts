import type { InputBuffer } from "../input-buffer.js";
import { isPlain, type KeyPress } from "../keys/key-press.js";
import { completeToken } from "./at-token.js";
import { completeCommand } from "./slash-token.js";

/** One line of the menu: what picking it inserts, and what is said about it. */
export interface Suggestion {
  value: string;
  detail?: string;
}

/** The open suggestion menu: what it completes, its suggestions, the highlighted one. */
export interface CompletionMenu {
  /** `@path` (files and folders) or `/command`. */
  kind: "file" | "command";
  /** The token being completed: where it is in the prompt and the part typed so far. */
  token: { start: number; end: number; prefix: string };
  suggestions: readonly Suggestion[];
  selected: number;
}

/** What a key does while the menu is open. */
export type MenuKeyOutcome =
  /** Not a menu key: the prompt handles it. */
  | { kind: "pass" }
  | { kind: "move"; selected: number }
  /** The highlighted suggestion put in; `submit` sends the prompt at once (Enter on a command). */
  | { kind: "pick"; buffer: InputBuffer; submit: boolean }
  | { kind: "dismiss" };

function pick(menu: CompletionMenu, buffer: InputBuffer, enter: boolean): MenuKeyOutcome {
  const count = menu.suggestions.length;
  const value = menu.suggestions[Math.min(menu.selected, count - 1)]?.value ?? "";
  if (menu.kind === "file") {
    return { kind: "pick", buffer: completeToken(buffer, menu.token, value), submit: false };
  }
  // Enter runs only a command that starts with what was typed: `/ear` then Enter is not /clear
  // (it is answered as unknown); Tab completes any of them.
  if (enter && !value.toLowerCase().startsWith(menu.token.prefix.toLowerCase())) {
    return { kind: "pass" };
  }
  // Tab leaves `/name ` to type arguments after; Enter runs the command.
  return {
    kind: "pick",
    buffer: completeCommand(buffer, menu.token, value, !enter),
    submit: enter,
  };
}

/** Tab or Enter takes the highlighted suggestion, ↑/↓ and Shift+Tab move (wrapping), Esc closes. */
export function menuKey(menu: CompletionMenu, buffer: InputBuffer, key: KeyPress): MenuKeyOutcome {
  const count = menu.suggestions.length;
  if (count === 0 || key.kind !== "key" || key.mods.ctrl || key.mods.meta) return { kind: "pass" };
  if (key.name === "tab" && !key.mods.shift) return pick(menu, buffer, false);
  if (key.name === "return" && !key.mods.shift) return pick(menu, buffer, true);
  if (key.name === "up" || (key.name === "tab" && key.mods.shift)) {
    return { kind: "move", selected: (menu.selected - 1 + count) % count };
  }
  if (key.name === "down") return { kind: "move", selected: (menu.selected + 1) % count };
  if (isPlain(key, "escape")) return { kind: "dismiss" };
  return { kind: "pass" };
}
