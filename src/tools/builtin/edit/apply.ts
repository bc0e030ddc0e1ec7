import { detectLineEnding, type LineEnding, withLineEnding } from "../file-io/line-endings.js";
import { type EditMatch, findEditMatches } from "./match.js";
import { describeNearMatch } from "./near-match.js";
import { restyleQuotes } from "./quotes.js";

/** An edit as the model asked for it. */
export interface EditRequest {
  old_string: string;
  new_string: string;
  replace_all: boolean;
}

/** The file text after an edit, or why the edit cannot apply. */
export type EditOutcome =
  | { ok: true; updated: string; replacements: number }
  | { ok: false; message: string };

/** Claude Code's "not found" error, followed by the closest text in the file. */
export function notFoundMessage(content: string, oldString: string): string {
  return `String to replace not found in file.\nString: ${oldString}\n${describeNearMatch(content, oldString)}`;
}

/** Claude Code's "several matches" error. */
export function multipleMatchesMessage(count: number, oldString: string): string {
  return `Found ${count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${oldString}`;
}

/** Where a match ends once a deletion also takes the line break after it (Claude Code's rule). */
function deletionEnd(content: string, match: EditMatch, request: EditRequest): number {
  if (request.new_string !== "" || request.old_string.endsWith("\n")) return match.end;
  if (content.startsWith("\r\n", match.end)) return match.end + 2;
  return content[match.end] === "\n" ? match.end + 1 : match.end;
}

/** The line ending the replaced text used (in a mixed file), else the file's usual one. */
function endingAt(matched: string, fileEnding: LineEnding): LineEnding {
  if (!matched.includes("\n")) return fileEnding;
  return matched.includes("\r\n") ? "\r\n" : "\n";
}

/** The text that replaces one match, in the file's quote style and line endings. */
function replacementFor(
  matched: string,
  request: EditRequest,
  viaQuotes: boolean,
  fileEnding: LineEnding,
): string {
  const styled = viaQuotes
    ? restyleQuotes(request.new_string, matched, request.old_string)
    : request.new_string;
  return withLineEnding(styled, endingAt(matched, fileEnding));
}

/**
 * Applies an edit to a file's text (pure). old_string must occur exactly once unless
 * replace_all; everything outside the replaced text is kept byte for byte.
 */
export function applyEdit(content: string, request: EditRequest): EditOutcome {
  const { matches, viaQuotes } = findEditMatches(content, request.old_string);
  if (matches.length === 0)
    return { ok: false, message: notFoundMessage(content, request.old_string) };
  if (matches.length > 1 && !request.replace_all) {
    return { ok: false, message: multipleMatchesMessage(matches.length, request.old_string) };
  }
  const ending = detectLineEnding(content);
  let updated = "";
  let position = 0;
  for (const match of matches) {
    updated += content.slice(position, match.start);
    updated += replacementFor(content.slice(match.start, match.end), request, viaQuotes, ending);
    position = deletionEnd(content, match, request);
  }
  updated += content.slice(position);
  return { ok: true, updated, replacements: matches.length };
}
