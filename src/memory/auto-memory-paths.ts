import { realpath, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { sanitizeCwd } from "../config/paths.js";

/** The git root that holds `cwd` (the nearest folder with a `.git` entry), if there is one. */
export async function findGitRoot(cwd: string): Promise<string | undefined> {
  let folder = cwd;
  for (;;) {
    if (await exists(join(folder, ".git"))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * A project's auto memory folder: `<state>/projects/<sanitised root>/memory/`, where the root is
 * the canonical git root when there is one (every worktree and subfolder shares it), else the
 * canonical working folder (contracts §3).
 */
export async function autoMemoryDir(stateDir: string, cwd: string): Promise<string> {
  const canonical = await realpath(cwd).catch(() => cwd);
  const root = (await findGitRoot(canonical)) ?? canonical;
  return join(stateDir, "projects", sanitizeCwd(root), "memory");
}

/** Claude Code's memory folder for the same project (`~/.claude/projects/<…>/memory`). */
export async function claudeCodeMemoryDir(claudeDir: string, cwd: string): Promise<string> {
  return autoMemoryDir(claudeDir, cwd);
}

/** The index every session loads. */
export const MEMORY_INDEX = "MEMORY.md";
