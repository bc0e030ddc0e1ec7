import type { GlobFilter } from "./glob-filter.js";
import type { GrepInput, GrepMode } from "./input.js";

/** Version-control folders Grep never searches, even though it searches hidden files. */
const VCS_FOLDERS = [".git", ".svn", ".hg", ".bzr", ".jj", ".sl"];

/** Longer matching lines are shown as a preview (minified files would flood the output). */
const MAX_COLUMNS = 500;

function modeArgs(input: GrepInput, mode: GrepMode): string[] {
  // Sorted newest first afterwards (newest-first.ts): ripgrep's own sort walks single-threaded.
  if (mode === "files_with_matches") return ["--files-with-matches"];
  if (mode === "count") return ["--count", "--sort=path"];
  const args = ["--sort=path", input["-n"] === false ? "--no-line-number" : "--line-number"];
  if (input["-C"] !== undefined) args.push("--context", String(input["-C"]));
  if (input["-B"] !== undefined) args.push("--before-context", String(input["-B"]));
  if (input["-A"] !== undefined) args.push("--after-context", String(input["-A"]));
  return args;
}

/** The name under which Grep's file-name globs are given to ripgrep as a file type. */
const GLOB_TYPE = "keelglob";

/**
 * ripgrep's arguments for a Grep call over `searchPath` (absolute, so results name absolute
 * paths). Sorted output keeps offset paging stable between calls. With a path filter, paths
 * end in NUL so they can be told apart from the text after them. With `parentRules` false,
 * ripgrep reads no ignore files above searchPath.
 */
export function grepArgs(
  input: GrepInput,
  mode: GrepMode,
  searchPath: string,
  filter: GlobFilter,
  walk: { parentRules?: boolean; denied?: readonly string[] } = {},
): string[] {
  const args = ["--no-config", "--color=never", "--no-heading", "--with-filename", "--hidden"];
  if (walk.parentRules === false) args.push("--no-ignore-parent");
  args.push(`--max-columns=${MAX_COLUMNS}`, "--max-columns-preview");
  for (const folder of VCS_FOLDERS) args.push("--glob", `!${folder}`);
  if (input.multiline) args.push("--multiline", "--multiline-dotall");
  if (input["-i"]) args.push("--ignore-case");
  args.push(...modeArgs(input, mode));
  if (input.type) args.push("--type", input.type);
  for (const glob of filter.typeGlobs) args.push("--type-add", `${GLOB_TYPE}:${glob}`);
  if (filter.typeGlobs.length > 0) args.push("--type", GLOB_TYPE);
  for (const glob of [...filter.excludes, ...(walk.denied ?? [])]) args.push("--glob", glob);
  if (mode !== "files_with_matches") args.push("--null");
  args.push("--regexp", input.pattern, "--", searchPath);
  return args;
}
