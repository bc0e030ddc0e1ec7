import { type FileSystemView, physicalPath } from "./file-system.js";
import { compileSegment } from "./glob-match.js";

/** What a glob word expands to: the words bash would pass, or why keel cannot tell. */
export type GlobExpansion = { words: string[] } | { unknown: string };

/** Past this many matches or folders read, a glob is not worth proving. */
const MAX_MATCHES = 2_000;
const MAX_FOLDERS = 500;

/**
 * Pathname expansion as bash performs it (default options), against the real folder:
 * `pattern` is a word's glob form (quoted characters escaped), `cwd` the physical folder the
 * shell is in. Matches come back as bash writes them (relative stays relative), together
 * with the pattern itself without its escapes, which bash passes when nothing matches (no
 * nullglob). Candidates after a wildcard folder are kept whether or not they exist: more
 * paths only make a verdict stricter.
 */
export function expandGlob(pattern: string, cwd: string, fs: FileSystemView): GlobExpansion {
  const absolute = pattern.startsWith("/");
  const segments = pattern.split("/").filter((s, i) => s !== "" || i === 0);
  let prefixes = [absolute ? "/" : ""];
  const budget = { folders: 0 };
  for (const [index, segment] of segments.entries()) {
    if (segment === "" && index === 0) continue;
    const matcher = compileSegment(segment);
    if (!matcher)
      return { unknown: `the pattern ${pattern} uses a bracket form keel does not read` };
    const last = index === segments.length - 1;
    const next: string[] = [];
    for (const prefix of prefixes) {
      if (!matcher.wild) {
        next.push(joinWritten(prefix, matcher.literal));
        continue;
      }
      if (++budget.folders > MAX_FOLDERS) return { unknown: `${pattern} reaches too many folders` };
      const folder = physicalPath(within(cwd, prefix), fs);
      // Before bash 5.2 (or with globskipdots off) `.*` also matches `.` and `..`.
      for (const name of [...fs.names(folder), ".", ".."]) {
        if (!matcher.matches(name)) continue;
        const written = joinWritten(prefix, name);
        if (!last && !leadsToFolder(within(cwd, written), fs)) continue;
        next.push(written);
      }
    }
    prefixes = next;
    if (prefixes.length > MAX_MATCHES) return { unknown: `${pattern} matches too many files` };
  }
  if (pattern.endsWith("/")) prefixes = prefixes.filter((p) => leadsToFolder(within(cwd, p), fs));
  const words = pattern.endsWith("/") ? prefixes.map((p) => `${p}/`) : prefixes;
  return { words: [...new Set([...words, unescapeGlob(pattern)])].sort() };
}

function joinWritten(prefix: string, name: string): string {
  if (prefix === "") return name;
  return prefix.endsWith("/") ? `${prefix}${name}` : `${prefix}/${name}`;
}

/** A written path from `cwd`, unnormalised: the kernel reads its `..` after each link. */
function within(cwd: string, written: string): string {
  if (written.startsWith("/")) return written;
  return written === "" ? cwd : `${cwd}/${written}`;
}

function leadsToFolder(path: string, fs: FileSystemView): boolean {
  return fs.entry(physicalPath(path, fs)) === "directory";
}

/** The pattern's text with its backslash escapes removed (what bash passes when nothing matches). */
export function unescapeGlob(pattern: string): string {
  return pattern.replace(/\\(.)/gs, "$1");
}
