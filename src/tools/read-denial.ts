/**
 * The files a session's Read deny rules withhold. Searches (Grep, Glob) walk whole folders,
 * so a deny rule cannot refuse them outright without making them useless: they leave the
 * denied files out of what they read and show instead.
 */
export interface ReadDenial {
  /** True when a deny rule covers this file (an absolute path, as a search lists it). */
  denies(path: string): boolean;
  /**
   * ripgrep `--glob` exclusions (`!…`, relative to `folder`, where ripgrep runs) that keep
   * denied files from being read at all; `denies` still filters what they cannot express.
   */
  excludeGlobs(folder: string): string[];
  /**
   * Files and folders that hold nothing but denied files (a rule's fixed folders, as in
   * `./secrets/**`): a jail hides them. Rules that match by name anywhere are not listed.
   */
  hiddenPaths(): string[];
}

/** The denial of a session with no Read deny rules. */
export const NOTHING_DENIED: ReadDenial = {
  denies: () => false,
  excludeGlobs: () => [],
  hiddenPaths: () => [],
};
