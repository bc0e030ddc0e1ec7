import { globToRegExp } from "../glob/glob-matcher.js";
import type { GrepMode } from "./input.js";

/**
 * How Grep applies its `glob` field. ripgrep's --glob would override .gitignore for the
 * files it names, so only exclusions ("!x") go to ripgrep; the other globs are matched here
 * against the paths ripgrep prints, and their file-name parts are given to ripgrep as a file
 * type (types respect .gitignore) so it searches fewer files.
 */
export interface GlobFilter {
  /** Exclusions passed to ripgrep as --glob. */
  excludes: string[];
  /** File-name globs passed to ripgrep as a file type, to narrow the search. */
  typeGlobs: string[];
  /** Tests a path relative to the search folder; undefined when every path passes. */
  matches?: (relativePath: string) => boolean;
}

/**
 * The globs in Grep's `glob` field: separated by spaces or commas, except that commas inside
 * braces belong to the glob ("*.{ts,tsx}").
 */
export function splitGlobs(glob: string): string[] {
  const globs: string[] = [];
  for (const token of glob.split(/\s+/).filter((t) => t !== "")) {
    if (token.includes("{")) globs.push(token);
    else globs.push(...token.split(",").filter((g) => g !== ""));
  }
  return globs;
}

/** The file-name part of a glob that ripgrep's file types can express, if it has one. */
function fileNameGlob(glob: string): string | undefined {
  const last = glob.slice(glob.lastIndexOf("/") + 1);
  return last === "" || last.includes("**") || /[{,][^}]*\//.test(glob) ? undefined : last;
}

/** Plans how the `glob` field is applied; a user `type` turns the type narrowing off. */
export function planGlobFilter(glob: string | undefined, hasUserType: boolean): GlobFilter {
  const globs = splitGlobs(glob ?? "");
  const excludes = globs.filter((g) => g.startsWith("!"));
  const includes = globs.filter((g) => !g.startsWith("!"));
  if (includes.length === 0) return { excludes, typeGlobs: [] };
  const regexes = includes.map((g) => globToRegExp(g));
  const names = includes.map(fileNameGlob);
  const typeGlobs =
    hasUserType || names.includes(undefined) ? [] : names.filter((n) => n !== undefined);
  return { excludes, typeGlobs, matches: (path) => regexes.some((r) => r.test(path)) };
}

/**
 * Maps ripgrep's `--null` output back to its usual form, keeping only the lines of files the
 * filter accepts. `prefix` is the search folder with a trailing separator.
 */
export function filterLines(
  mode: GrepMode,
  prefix: string,
  matches: (relativePath: string) => boolean,
): (line: string) => string[] {
  const accept = (path: string) => path.startsWith(prefix) && matches(path.slice(prefix.length));
  if (mode === "files_with_matches") return (line) => (accept(line) ? [line] : []);
  let separatorPending = false;
  let keptAny = false;
  return (line) => {
    const nul = line.indexOf("\0");
    if (nul === -1) {
      // A context-group separator ("--"): shown only between kept lines.
      separatorPending = keptAny;
      return [];
    }
    const path = line.slice(0, nul);
    if (!accept(path)) return [];
    const rest = line.slice(nul + 1);
    const joint = mode === "content" && /^\d+-/.test(rest) ? "-" : ":";
    const out = separatorPending ? ["--", `${path}${joint}${rest}`] : [`${path}${joint}${rest}`];
    separatorPending = false;
    keptAny = true;
    return out;
  };
}
