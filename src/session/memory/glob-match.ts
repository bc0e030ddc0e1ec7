/** Splits on commas outside `{…}`, so `{a,b}/x, y` gives two patterns, not three. */
export function splitTopLevelCommas(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** Index of the `}` closing the `{` at `open`, or -1 when it is unbalanced. */
function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === "{") depth++;
    else if (pattern[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/;

/** Translates a glob to regex source: `**` spans folders, `*` and `?` stay within one. */
function globSource(pattern: string): string {
  let out = "";
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i] ?? "";
    if (pattern.startsWith("**", i)) {
      const atStart = i === 0 || pattern[i - 1] === "/";
      const slashAfter = pattern[i + 2] === "/";
      if (atStart && slashAfter) {
        out += "(?:.*/)?";
        i += 3;
        continue;
      }
      out += ".*";
      i += 2;
      continue;
    }
    if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "{" && closingBrace(pattern, i) > i) {
      const close = closingBrace(pattern, i);
      const options = splitTopLevelCommas(pattern.slice(i + 1, close));
      out += `(?:${options.map(globSource).join("|")})`;
      i = close + 1;
      continue;
    } else out += REGEX_SPECIAL.test(ch) ? `\\${ch}` : ch;
    i++;
  }
  return out;
}

/**
 * A glob (`**`, `*`, `?`, `{a,b}`) as an anchored RegExp over `/`-separated relative paths.
 * Our own matcher because Node 20's `path.matchesGlob` is experimental (it prints a warning)
 * and missing before 20.17.
 */
export function globToRegExp(pattern: string): RegExp {
  const trimmed = pattern.trim().replace(/^\.\//, "");
  return new RegExp(`^${globSource(trimmed)}$`);
}

/** Whether a `/`-separated relative path matches a glob. */
export function matchesGlob(relativePath: string, pattern: string): boolean {
  return globToRegExp(pattern).test(relativePath);
}
