import type { InputBuffer } from "../input-buffer.js";
import { atTokenAt } from "./at-token.js";
import { type CommandEntry, matchCommands } from "./command-list.js";
import { matchFiles } from "./match-files.js";
import type { CompletionMenu, Suggestion } from "./menu-keys.js";
import { slashTokenAt } from "./slash-token.js";

/** What the menus offer: the project's paths (once listed) and the commands. */
export interface CompletionSources {
  /** Files and folders for `@`; undefined: not listed (yet), or no `@` completion. */
  files?: readonly string[];
  commands: readonly CommandEntry[];
}

/** The highlighted suggestion, and whether Esc closed the menu, for one token. */
export interface MenuChoice {
  /** Which token (kind, place and text) the choice belongs to: a new token starts afresh. */
  token: string;
  selected: number;
  dismissed: boolean;
}

/** No choice made yet. */
export const NO_CHOICE: MenuChoice = { token: "", selected: 0, dismissed: false };

function candidates(buffer: InputBuffer, sources: CompletionSources) {
  const slash = slashTokenAt(buffer);
  if (slash) {
    const suggestions: Suggestion[] = matchCommands(sources.commands, slash.prefix).map((c) => ({
      value: c.name,
      detail: c.detail,
    }));
    return { kind: "command" as const, token: slash, suggestions };
  }
  const at = sources.files ? atTokenAt(buffer) : undefined;
  if (!at || !sources.files) return undefined;
  const suggestions = matchFiles(sources.files, at.prefix).map((path) => ({ value: path }));
  return { kind: "file" as const, token: at, suggestions };
}

/** The key a choice is kept under: the token's kind, place and text. */
export function tokenKey(menu: Pick<CompletionMenu, "kind" | "token">): string {
  return `${menu.kind}:${menu.token.start}:${menu.token.prefix}`;
}

/** True when `buffer` has an `@path` token at the cursor (the file list is then wanted). */
export function wantsFiles(buffer: InputBuffer): boolean {
  return atTokenAt(buffer) !== undefined;
}

/**
 * The menu open for the prompt, if any: `/name` at the start offers commands, `@path` offers
 * project paths; a menu Esc closed stays closed until the token changes.
 */
export function openMenu(
  buffer: InputBuffer,
  choice: MenuChoice,
  sources: CompletionSources,
): CompletionMenu | undefined {
  const found = candidates(buffer, sources);
  if (!found || found.suggestions.length === 0) return undefined;
  const current = choice.token === tokenKey(found) ? choice : NO_CHOICE;
  if (current.dismissed) return undefined;
  const selected = Math.min(current.selected, found.suggestions.length - 1);
  return { ...found, selected };
}
