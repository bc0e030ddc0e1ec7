import { availableParallelism } from "node:os";
import { isAbsolute, resolve } from "node:path";

/** How a Glob pattern is run: which folder ripgrep lists, and the glob its files must match. */
export interface GlobPlan {
  /** The folder the call searches (its `path`, or the working folder). */
  searchDir: string;
  /** The folder ripgrep lists: searchDir plus the pattern's leading fixed folders. */
  dir: string;
  /** The rest of the pattern, relative to `dir` (a leading "/" anchors it there). */
  glob: string;
  /** The pattern names a hidden file or folder, so hidden entries are listed. */
  hidden: boolean;
}

const GLOB_CHARS = /[*?[{\\]/;

/** True when a pattern names a dot-file or dot-folder (".env", "**\/.github/**", "{.a,b}"). */
export function namesHiddenEntry(glob: string): boolean {
  return /(^|[/{,])\.[^/.]/.test(glob);
}

/**
 * Splits a pattern into the folder to list and the glob to match there. A pattern with a
 * slash (or an absolute one) starts from fixed folders ("src/**\/*.ts" lists src); those
 * become the folder, and the rest is anchored in it. A pattern without a slash matches file
 * names at any depth under the search folder.
 */
export function planGlob(pattern: string, searchDir: string): GlobPlan {
  const base = { searchDir, dir: searchDir, glob: pattern };
  if (!pattern.includes("/")) return { ...base, hidden: namesHiddenEntry(pattern) };
  const segments = pattern.split("/");
  const firstGlob = segments.findIndex((segment) => GLOB_CHARS.test(segment));
  const fixed = firstGlob === -1 ? segments.length - 1 : firstGlob;
  const prefix = segments.slice(0, fixed).join("/");
  const dir = resolve(searchDir, prefix === "" && isAbsolute(pattern) ? "/" : prefix || ".");
  const glob = `/${segments.slice(fixed).join("/")}`;
  return { ...base, dir, glob, hidden: namesHiddenEntry(glob) };
}

/**
 * The file-name glob ripgrep can filter by (the pattern's last segment, when it uses only `*`
 * and `?`), or undefined when every file must be listed and matched here.
 */
export function nameFilter(glob: string): string | undefined {
  const name = glob.slice(glob.lastIndexOf("/") + 1);
  if (name === "" || name === "*" || name === "**") return undefined;
  return /^[^{}[\]\\,:]+$/.test(name) ? name : undefined;
}

/** The most threads ripgrep picks by itself; keel asks for no more. */
const RIPGREP_MAX_THREADS = 12;

/**
 * The threads ripgrep walks with for Glob: one core fewer than the machine has. keel stats each
 * listed file while ripgrep is still walking (the mtime sort), and that work needs a core too; on
 * two cores a one-thread walk beside the stats beats two walker threads fighting them.
 */
export function globWalkerThreads(cores = availableParallelism()): number {
  return Math.min(RIPGREP_MAX_THREADS, Math.max(1, cores - 1));
}

/** How ripgrep walks a plan's folder. */
export interface GlobWalk {
  threads?: number;
  /** Folders above plan.dir may hold ignore rules (parent-ignores.ts tells when none can). */
  parentRules?: boolean;
  /** Exclusions for files Read deny rules withhold. */
  denied?: readonly string[];
}

/** ripgrep's arguments for listing the files under a plan's folder (keel sorts them after). */
export function globArgs(plan: GlobPlan, walk: GlobWalk = {}): string[] {
  const { threads = globWalkerThreads(), parentRules = true, denied = [] } = walk;
  const args = ["--no-config", "--files", "--threads", String(threads)];
  if (!parentRules) args.push("--no-ignore-parent");
  // A negated --glob only excludes; a positive one would override .gitignore.
  if (plan.hidden) args.push("--hidden", "--glob", "!.git");
  for (const glob of denied) args.push("--glob", glob);
  // A file type, unlike --glob, keeps the ignore rules: ripgrep drops other names itself and
  // keel matches the whole pattern on what is left.
  const name = nameFilter(plan.glob);
  if (name) args.push("--type-add", `keelglob:${name}`, "--type", "keelglob");
  args.push("--", plan.dir);
  return args;
}
