import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * What ripgrep takes rules from in a folder above the one it walks: ignore files, and a
 * repository's .git/info/exclude. (Whether the root is inside a repository, so that .gitignore
 * files apply, ripgrep decides from the parents' .git with or without --no-ignore-parent.)
 */
const PARENT_RULE_NAMES = [".gitignore", ".ignore", ".rgignore", ".git"];

/** Whether a path exists (injected so tests need not control the folders above a temp dir). */
export type Exists = (path: string) => boolean;

function ancestorsHoldRules(dir: string, exists: Exists): boolean {
  for (
    let child = dir, parent = dirname(dir);
    parent !== child;
    child = parent, parent = dirname(parent)
  ) {
    if (PARENT_RULE_NAMES.some((name) => exists(join(parent, name)))) return true;
  }
  return false;
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * False when no folder above `dir` (an absolute path, and its real path through symlinks) holds
 * anything ripgrep takes ignore rules from. Then ripgrep's --no-ignore-parent changes no result,
 * and it saves real work: with parent rules on, ripgrep matches every file it walks against
 * each folder above the root, empty or not (a quarter of a 50,000-file listing).
 */
export function parentsMayHoldIgnoreRules(dir: string, exists: Exists = existsSync): boolean {
  if (ancestorsHoldRules(dir, exists)) return true;
  const real = realPath(dir);
  return real !== dir && ancestorsHoldRules(real, exists);
}
