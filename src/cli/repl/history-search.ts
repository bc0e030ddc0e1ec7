import { bufferOf, type InputBuffer } from "./input-buffer.js";

/** Ctrl+R: a search back through earlier prompts for the text typed. */
export interface HistorySearch {
  query: string;
  /** The index (into the history, oldest first) of the prompt found; undefined: none found. */
  match: number | undefined;
  /** The prompt before the search began (Esc puts it back). */
  original: InputBuffer;
}

/** The newest prompt at or before `from` that holds `query` (case ignored). */
function findBack(entries: readonly string[], query: string, from: number): number | undefined {
  if (query === "") return undefined;
  const wanted = query.toLowerCase();
  for (let index = Math.min(from, entries.length - 1); index >= 0; index--) {
    if (entries[index]?.toLowerCase().includes(wanted)) return index;
  }
  return undefined;
}

/** A search that has found nothing yet, over the prompt being typed. */
export function startSearch(original: InputBuffer): HistorySearch {
  return { query: "", match: undefined, original };
}

/** More typed: the match found so far is kept while it still holds the text, else an older one. */
export function extendSearch(
  search: HistorySearch,
  entries: readonly string[],
  text: string,
): HistorySearch {
  const query = search.query + text;
  return { ...search, query, match: findBack(entries, query, search.match ?? entries.length) };
}

/** Backspace in the search: one character less, searched again from the newest prompt. */
export function shortenSearch(search: HistorySearch, entries: readonly string[]): HistorySearch {
  const query = search.query.slice(0, -1);
  return { ...search, query, match: findBack(entries, query, entries.length) };
}

/** Ctrl+R again: the next older prompt that holds the text (the match stays when none does). */
export function olderMatch(search: HistorySearch, entries: readonly string[]): HistorySearch {
  if (search.match === undefined) return search;
  const older = findBack(entries, search.query, search.match - 1);
  return older === undefined ? search : { ...search, match: older };
}

/** The prompt the search leaves: the match, or what was there before when nothing matched. */
export function acceptedBuffer(search: HistorySearch, entries: readonly string[]): InputBuffer {
  const found = search.match === undefined ? undefined : entries[search.match];
  return found === undefined ? search.original : bufferOf(found);
}

/** A prompt found, on one line: its first line, and how many more it has. */
function firstLine(prompt: string): string {
  const lines = prompt.split("\n");
  return lines.length === 1 ? prompt : `${lines[0]} … (+${lines.length - 1} lines)`;
}

/** The line shown while searching: `(reverse-i-search)\`query': match`. */
export function searchLine(search: HistorySearch, entries: readonly string[]): string {
  const found = search.match === undefined ? undefined : entries[search.match];
  const failing = found === undefined && search.query !== "";
  const shown = found === undefined ? "" : firstLine(found);
  return `(${failing ? "failing " : ""}reverse-i-search)\`${search.query}': ${shown}`;
}
