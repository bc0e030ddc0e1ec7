import { toLf, withLineEnding } from "../file-io/line-endings.js";
import { normalizeQuotes } from "./quotes.js";

/** Where one occurrence of old_string sits in the file text. */
export interface EditMatch {
  start: number;
  end: number;
}

/** The occurrences found, and whether quotes had to be normalised to find them. */
export interface MatchSet {
  matches: EditMatch[];
  viaQuotes: boolean;
}

/** Non-overlapping occurrences of `needle` in `haystack`, left to right. */
function findAll(haystack: string, needle: string): EditMatch[] {
  const found: EditMatch[] = [];
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    found.push({ start: at, end: at + needle.length });
  }
  return found;
}

/** old_string as given, and with its line breaks written as the file may write them. */
function lineEndingVariants(content: string, oldString: string): string[] {
  const variants = [oldString];
  if (content.includes("\r\n")) variants.push(withLineEnding(oldString, "\r\n"));
  variants.push(toLf(oldString));
  return [...new Set(variants)];
}

/**
 * Finds old_string in the file: exactly first; then with LF line breaks matching a CRLF file;
 * then with curly and straight quotes treated alike. The first way that finds anything wins.
 */
export function findEditMatches(content: string, oldString: string): MatchSet {
  const variants = lineEndingVariants(content, oldString);
  for (const variant of variants) {
    const matches = findAll(content, variant);
    if (matches.length > 0) return { matches, viaQuotes: false };
  }
  const normalizedContent = normalizeQuotes(content);
  for (const variant of variants) {
    const matches = findAll(normalizedContent, normalizeQuotes(variant));
    if (matches.length > 0) return { matches, viaQuotes: true };
  }
  return { matches: [], viaQuotes: false };
}
