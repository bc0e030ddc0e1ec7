import { dirname, join, resolve } from "node:path";
import type { SkillSource } from "./skill.js";

/** A folder whose subfolders each hold a SKILL.md. */
export interface SkillFolder {
  dir: string;
  source: SkillSource;
  /** Put before every skill's name with a colon: a plugin's skills are `plugin:skill`. */
  namespace?: string;
  /** Only these subfolders (a plugin's manifest may name single skills). */
  only?: readonly string[];
}

/** Where a session's skills come from. */
export interface SkillRoots {
  cwd: string;
  home: string;
  /** keel's state folder (KEEL_CONFIG_DIR): keel's own skills live in its `skills/`. */
  stateDir: string;
  /** `--add-dir` folders (and `permissions.additionalDirectories`): their `.claude/skills`. */
  addedDirs?: readonly string[];
  /** The skill folders of the session's plugins. */
  pluginFolders?: readonly SkillFolder[];
}

/** The working folder and each of its parents, nearest first, without the home folder. */
function projectChain(cwd: string, home: string): string[] {
  const chain: string[] = [];
  let dir = resolve(cwd);
  for (;;) {
    if (dir !== resolve(home)) chain.push(dir);
    const parent = dirname(dir);
    if (parent === dir) return chain;
    dir = parent;
  }
}

/**
 * The skill folders in precedence order (a name found twice keeps the first): the user's
 * `~/.claude/skills`, keel's own, the project's `.claude/skills` and its parents' (nearest
 * first), the added folders', then plugins'.
 */
export function skillFolders(roots: SkillRoots): SkillFolder[] {
  const folders: SkillFolder[] = [
    { dir: join(roots.home, ".claude", "skills"), source: "user" },
    { dir: join(roots.stateDir, "skills"), source: "keel" },
    ...projectChain(roots.cwd, roots.home).map((dir) => ({
      dir: join(dir, ".claude", "skills"),
      source: "project" as const,
    })),
    ...(roots.addedDirs ?? []).map((dir) => ({
      dir: join(dir, ".claude", "skills"),
      source: "added-dir" as const,
    })),
    ...(roots.pluginFolders ?? []),
  ];
  const seen = new Set<string>();
  return folders.filter((folder) => {
    if (seen.has(folder.dir)) return false;
    seen.add(folder.dir);
    return true;
  });
}
