import { basename } from "node:path";

/** Characters of a matcher that is an exact name or a `|` list rather than a regex. */
const PLAIN = /^[A-Za-z0-9_|]+$/;

/**
 * Claude Code's matcher rule: missing, empty or `*` matches everything; only letters,
 * digits, `_` and `|` means an exact name or a `|`-separated list; anything else is a
 * JavaScript regex tested against the value (an invalid regex matches nothing).
 * `query` undefined means the event ignores matchers: every group runs.
 */
export function matcherMatches(matcher: string | undefined, query: string | undefined): boolean {
  if (query === undefined) return true;
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  if (PLAIN.test(matcher)) return matcher.split("|").includes(query);
  try {
    return new RegExp(matcher).test(query);
  } catch {
    return false;
  }
}

/**
 * FileChanged's matcher: literal file names separated by `|` (dots and all, not a regex), a
 * name matching the file's base name or its whole path; `*` or none matches every file.
 */
export function fileMatcherMatches(matcher: string | undefined, path: string): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  const names = matcher.split("|").map((name) => name.trim());
  return names.includes(path) || names.includes(basename(path));
}
