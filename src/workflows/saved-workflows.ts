import { existsSync } from "node:fs";
import { lstat, readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** A workflow saved as `<name>.js` in a workflows folder. */
export interface SavedWorkflow {
  name: string;
  path: string;
  scope: "project" | "user";
}

/** Saved workflows, closest first, and the files left out (each naming the file and why). */
export interface SavedWorkflows {
  workflows: SavedWorkflow[];
  problems: string[];
}

/** Where saved workflows are looked for. */
export interface WorkflowRoots {
  cwd: string;
  home: string;
  /** `CLAUDE_CONFIG_DIR` when set: the personal folder is under it instead of `~/.claude`. */
  claudeConfigDir?: string;
}

const NAME = /^[\w-]+$/;

/**
 * The folders saved workflows come from, in precedence order (task-types.md §3.5): each
 * `.claude/workflows/` from the working folder up to the repository root (the closest wins),
 * then the personal one under `~/.claude` (or `CLAUDE_CONFIG_DIR`).
 */
export function workflowFolders(roots: WorkflowRoots): WorkflowFolder[] {
  const personal = join(roots.claudeConfigDir ?? join(roots.home, ".claude"), "workflows");
  return [
    ...projectDirs(roots.cwd).map((dir) => ({
      dir: join(dir, ".claude", "workflows"),
      scope: "project" as const,
    })),
    { dir: personal, scope: "user" as const },
  ];
}

/** A folder saved workflows are read from. */
export interface WorkflowFolder {
  dir: string;
  scope: SavedWorkflow["scope"];
}

/** The working folder and its parents up to the repository root; only itself outside one. */
function projectDirs(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (existsSync(join(dir, ".git"))) return dirs;
    if (dirname(dir) === dir) return [cwd];
  }
}

/** A symlinked `.claude`, `workflows` folder or script is refused (Claude Code 2.1.216). */
async function symlinked(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined))?.isSymbolicLink() === true;
}

/** Every saved workflow the folders hold; a name found twice is the closest folder's. */
export async function loadSavedWorkflows(roots: WorkflowRoots): Promise<SavedWorkflows> {
  const workflows: SavedWorkflow[] = [];
  const problems: string[] = [];
  for (const folder of workflowFolders(roots)) {
    const claudeDir = dirname(folder.dir);
    if ((await symlinked(claudeDir)) || (await symlinked(folder.dir))) {
      if (existsSync(folder.dir)) problems.push(`${folder.dir}: a symlinked folder is not read`);
      continue;
    }
    const names = await readdir(folder.dir).catch(() => [] as string[]);
    for (const file of names.sort()) {
      if (!file.endsWith(".js")) continue;
      const name = file.slice(0, -3);
      const path = join(folder.dir, file);
      if (!NAME.test(name)) {
        problems.push(`${path}: a workflow's name is letters, digits, '_' and '-'`);
      } else if (await symlinked(path)) {
        problems.push(`${path}: a symlinked script is not read`);
      } else if (!workflows.some((w) => w.name === name)) {
        workflows.push({ name, path, scope: folder.scope });
      }
    }
  }
  return { workflows, problems };
}

/** The script of the saved workflow `name`, or an error naming where it was looked for. */
export async function readSavedWorkflow(roots: WorkflowRoots, name: string): Promise<string> {
  const { workflows } = await loadSavedWorkflows(roots);
  const found = workflows.find((w) => w.name === name);
  if (!found) {
    const where = workflowFolders(roots)
      .map((f) => f.dir)
      .join(", ");
    throw new Error(`no saved workflow named "${name}" (looked in ${where})`);
  }
  return readFile(found.path, "utf8");
}
