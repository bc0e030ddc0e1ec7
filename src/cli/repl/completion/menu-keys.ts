import type { InputBuffer, KeyInfo } from "../input-buffer.js";
import { type AtToken, completeToken } from "./at-token.js";

/** The open suggestion menu: the token it completes, its suggestions, the highlighted one. */
export interface CompletionMenu {
  token: AtToken;
  suggestions: readonly string[];
  selected: number;
}

/** What a key does while the menu is open. */
export type MenuKeyOutcome =
  /** Not a menu key: the prompt handles it. */
  | { kind: "pass" }
  | { kind: "move"; selected: number }
  | { kind: "pick"; buffer: InputBuffer }
  | { kind: "dismiss" };

/** Tab or Enter inserts the highlighted path, ↑/↓ move (wrapping), Esc closes the menu. */
export function menuKey(menu: CompletionMenu, buffer: InputBuffer, key: KeyInfo): MenuKeyOutcome {
  const count = menu.suggestions.length;
  if (count === 0) return { kind: "pass" };
  if ((key.tab && !key.shift) || (key.return && !key.shift && !key.meta)) {
    const path = menu.suggestions[Math.min(menu.selected, count - 1)] ?? "";
    return { kind: "pick", buffer: completeToken(buffer, menu.token, path) };
  }
  if (key.upArrow || (key.tab && key.shift)) {
    return { kind: "move", selected: (menu.selected - 1 + count) % count };
  }
  if (key.downArrow) return { kind: "move", selected: (menu.selected + 1) % count };
  if (key.escape) return { kind: "dismiss" };
  return { kind: "pass" };
}
