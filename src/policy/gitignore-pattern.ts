/**
 * Gitignore-style path patterns (no matcher package is installed): `*` and `?` stay within
 * one path segment, `**` spans segments, `[...]` is a character class, `\x` is literal, a
 * pattern with a `/` (or `anchored`) is matched from the root while one without matches at
 * any depth, and a path matches when it or any folder above it matches (what is inside a
 * matched folder is matched too). A trailing `/` and a trailing `/**` both mean "this folder
 * and everything in it".
 */
export interface PathPattern {
  /** True when `relPath` (relative, `/`-separated, no `.` or `..` segments; "" for the root) matches. */
  matches(relPath: string): boolean;
  /**
   * True when something inside the folder `relPath` may match (or it matches itself): false
   * only when every path below it is sure to be outside the pattern.
   */
  reachesBelow(relPath: string): boolean;
}

/** Compiles a pattern; `anchored` forces matching from the root even without a `/` inside. */
export function compilePathPattern(pattern: string, anchored = false): PathPattern {
  const written = pattern
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "")
    .replace(/\/+$/, "");
  // As in gitignore, a `/` before the end anchors the pattern (`secrets/**` is anchored).
  const rooted = anchored || written.includes("/");
  const body = written.replace(/(\/\*\*)+$/, "");
  if (body === "" || body === "**") return { matches: () => true, reachesBelow: () => true };
  const regex = new RegExp(`^${rooted ? "" : "(?:.*/)?"}${toRegexSource(body)}$`, "s");
  const segments = body
    .split("/")
    .map((segment) =>
      segment.includes("**") ? undefined : new RegExp(`^${toRegexSource(segment)}$`, "s"),
    );
  const matches = (relPath: string) => prefixes(relPath).some((prefix) => regex.test(prefix));
  return {
    matches,
    reachesBelow(relPath) {
      if (!rooted || matches(relPath)) return true;
      const parts = relPath === "" ? [] : relPath.split("/");
      for (const [i, part] of parts.entries()) {
        const segment = segments[i];
        // `**`, or a pattern shorter than the path: anything below may match.
        if (segment === undefined) return true;
        if (!segment.test(part)) return false;
      }
      return true;
    },
  };
}

/** `a/b/c` → `a`, `a/b`, `a/b/c`: the path and every folder above it. */
function prefixes(relPath: string): string[] {
  if (relPath === "") return [""];
  const parts = relPath.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

function toRegexSource(glob: string): string {
  let out = "";
  let i = 0;
  while (i < glob.length) {
    const char = glob[i] ?? "";
    if (glob.startsWith("**/", i)) {
      out += "(?:.*/)?";
      i += 3;
    } else if (glob.startsWith("/**", i) && i + 3 === glob.length) {
      out += "(?:/.*)?";
      i += 3;
    } else if (glob.startsWith("**", i)) {
      out += ".*";
      i += 2;
    } else if (char === "*") {
      out += "[^/]*";
      i += 1;
    } else if (char === "?") {
      out += "[^/]";
      i += 1;
    } else if (char === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        out += "\\[";
        i += 1;
      } else {
        out += characterClass(glob.slice(i + 1, end));
        i = end + 1;
      }
    } else if (char === "\\" && i + 1 < glob.length) {
      out += escapeRegex(glob[i + 1] ?? "");
      i += 2;
    } else {
      out += escapeRegex(char);
      i += 1;
    }
  }
  return out;
}

function characterClass(inside: string): string {
  const negated = inside.startsWith("!") || inside.startsWith("^");
  const body = (negated ? inside.slice(1) : inside).replace(/[\\\]^]/g, (c) => `\\${c}`);
  return negated ? `(?!/)[^${body}]` : `[${body}]`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, (c) => `\\${c}`);
}
