/**
 * Splits content into the small pieces the real API streams: text a few words at a time,
 * tool input JSON cut mid-token after a leading empty chunk. The sizes vary like real streams
 * but are derived from the content, so a scenario streams identically every run.
 */

import { seededRandom } from "./random.js";

function between(next: () => number, low: number, high: number): number {
  return low + Math.floor(next() * (high - low + 1));
}

/** Moves a cut forward by one when it would split a surrogate pair (an emoji, say) in two. */
function boundary(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}

/** Text in pieces of a few words; each piece keeps the spaces before its words, as the API does. */
export function chunkText(text: string): string[] {
  if (text === "") return [];
  const words = text.match(/\s*\S+|\s+$/g) ?? [text];
  const next = seededRandom(text);
  const pieces: string[] = [];
  let i = 0;
  while (i < words.length) {
    const size = pieces.length === 0 ? 1 : between(next, 2, 5);
    pieces.push(words.slice(i, i + size).join(""));
    i += size;
  }
  return pieces;
}

/** Tool input JSON: an empty first chunk, then pieces of 3–14 characters, split mid-token. */
export function chunkJson(json: string): string[] {
  const next = seededRandom(json);
  const pieces = [""];
  let i = 0;
  while (i < json.length) {
    const end = boundary(json, i + between(next, 3, 14));
    pieces.push(json.slice(i, end));
    i = end;
  }
  return pieces;
}

/** The first half of a string (at least one character when it has any): where a cut lands. */
export function firstHalf(text: string): string {
  if (text.length <= 1) return text;
  return text.slice(0, boundary(text, Math.floor(text.length / 2)));
}
