/**
 * Glob patterns as regular expressions over "/"-separated paths relative to the search folder,
 * with ripgrep's (gitignore-style) meaning: `*` and `?` stay within one path segment, `**`
 * spans folders, `[...]` is a character class, `{a,b}` alternatives. A pattern without a slash
 * matches a file name at any depth; one with a slash is matched from the search folder.
 * Glob does its own matching because ripgrep's --glob overrides .gitignore.
 */

const REGEX_SPECIAL = /[.+^$()|\\\]{}*?[]/;

/** An error in a glob pattern, said plainly. */
export class GlobSyntaxError extends Error {
  constructor(pattern: string, problem: string) {
    super(`The glob pattern "${pattern}" is not valid: ${problem}.`);
    this.name = "GlobSyntaxError";
  }
}

/** Where a translation stops: at the end, or at a "," or "}" ending a brace alternative. */
interface Cursor {
  readonly text: string;
  i: number;
}

/** The character class starting at cursor.i ("["), as a regex class; the cursor moves past "]". */
function translateClass(cursor: Cursor, pattern: string): string {
  const { text } = cursor;
  let j = cursor.i + 1;
  const negated = text[j] === "!" || text[j] === "^";
  if (negated) j++;
  const start = j;
  if (text[j] === "]") j++;
  while (j < text.length && text[j] !== "]") j++;
  if (j >= text.length) throw new GlobSyntaxError(pattern, "a [ has no closing ]");
  const body = text.slice(start, j).replace(/[\\^\]]/g, (c) => `\\${c}`);
  cursor.i = j + 1;
  return negated ? `[^/${body}]` : `[${body}]`;
}

/** A run of stars at cursor.i; `**` as a whole segment spans folders. */
function translateStars(cursor: Cursor): string {
  const { text } = cursor;
  let j = cursor.i;
  while (text[j] === "*") j++;
  const double = j - cursor.i >= 2;
  const before = cursor.i === 0 ? "/" : (text[cursor.i - 1] ?? "");
  const after = j === text.length ? "/" : (text[j] ?? "");
  cursor.i = j;
  // `**` spans folders only as a whole segment ("a/**/b", "**/x", "x/**"); else it is `*`.
  if (!double || !"/{,".includes(before) || !"/},".includes(after)) return "[^/]*";
  if (text[j] === "/") {
    cursor.i = j + 1;
    return "(?:.*/)?";
  }
  return ".*";
}

/** Translates until the end of the text or an unnested "," or "}" when inside braces. */
function translateSequence(cursor: Cursor, pattern: string, inBraces: boolean): string {
  const { text } = cursor;
  let out = "";
  while (cursor.i < text.length) {
    const c = text[cursor.i] ?? "";
    if (inBraces && (c === "," || c === "}")) return out;
    if (c === "\\" && cursor.i + 1 < text.length) {
      out += escapeChar(text[cursor.i + 1] ?? "");
      cursor.i += 2;
    } else if (c === "*") out += translateStars(cursor);
    else if (c === "?") {
      out += "[^/]";
      cursor.i++;
    } else if (c === "[") out += translateClass(cursor, pattern);
    else if (c === "{") out += translateBraces(cursor, pattern);
    else {
      out += escapeChar(c);
      cursor.i++;
    }
  }
  if (inBraces) throw new GlobSyntaxError(pattern, "a { has no closing }");
  return out;
}

/** The alternatives at cursor.i ("{"), as a regex group; the cursor moves past "}". */
function translateBraces(cursor: Cursor, pattern: string): string {
  const alternatives: string[] = [];
  cursor.i++;
  for (;;) {
    alternatives.push(translateSequence(cursor, pattern, true));
    const end = cursor.text[cursor.i];
    cursor.i++;
    if (end === "}") return `(?:${alternatives.join("|")})`;
  }
}

function escapeChar(c: string): string {
  return REGEX_SPECIAL.test(c) ? `\\${c}` : c;
}

/** The regular expression a glob stands for. Throws GlobSyntaxError for a malformed glob. */
export function globToRegExp(pattern: string): RegExp {
  let body = pattern.endsWith("/") ? `${pattern}**` : pattern;
  const anchored = body.startsWith("/") || body.includes("/");
  if (body.startsWith("/")) body = body.slice(1);
  const source = translateSequence({ text: body, i: 0 }, pattern, false);
  return new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}$`);
}

/** A test for paths relative to the search folder. */
export function globMatcher(pattern: string): (relativePath: string) => boolean {
  const regex = globToRegExp(pattern);
  return (relativePath) => regex.test(relativePath);
}
