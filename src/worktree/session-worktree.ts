import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { sanitizeCwd } from "../config/paths.js";
import { worktreesRoot } from "./worktrees-folder.js";

/** Runs git in a folder and returns its stdout; throws with git's stderr when it fails. */
export type GitRun = (args: readonly string[], cwd: string) => Promise<string>;

const execFileAsync = promisify(execFile);

/** git as a child process. */
export const nodeGit: GitRun = async (args, cwd) => {
  const { stdout } = await execFileAsync("git", [...args], { cwd, encoding: "utf8" });
  return stdout;
};

/** A worktree a session runs in. */
export interface SessionWorktree {
  path: string;
  branch: string;
  /** False when a worktree of that name already existed and is used again. */
  created: boolean;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A worktree name when none is given: a short random one. */
export function randomWorktreeName(random: () => number = Math.random): string {
  return `session-${Math.floor(random() * 0xffffffff)
    .toString(16)
    .padStart(8, "0")}`;
}

export function gitProblem(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === "string" && stderr.trim() !== "" ? stderr : String(error);
  return text.trim().split("\n")[0] ?? "";
}

/**
 * A new git worktree for a session (`-w/--worktree [name]`), on a new branch
 * `worktree-<name>` from HEAD, under `<state folder>/worktrees/<repository>/<name>` (keel
 * writes only under its own folder, never inside the repository). A worktree of that name
 * made before is used again.
 */
export async function sessionWorktree(inputs: {
  cwd: string;
  stateDir: string;
  name: string;
  git?: GitRun;
  /** What asked for the worktree, named in errors (default `--worktree`). */
  label?: string;
}): Promise<SessionWorktree> {
  const git = inputs.git ?? nodeGit;
  const label = inputs.label ?? "--worktree";
  if (!NAME.test(inputs.name)) {
    throw new Error(
      `${label}: "${inputs.name}" is not a worktree name (letters, digits, ., _ and -)`,
    );
  }
  const root = await git(["rev-parse", "--show-toplevel"], inputs.cwd).catch(() => {
    throw new Error(`${label} needs a git repository, and ${inputs.cwd} is not in one`);
  });
  const path = join(worktreesRoot(inputs.stateDir), sanitizeCwd(root.trim()), inputs.name);
  const branch = `worktree-${inputs.name}`;
  if (existsSync(path)) return { path, branch, created: false };
  await mkdir(dirname(path), { recursive: true });
  await git(["worktree", "add", "-b", branch, path, "HEAD"], root.trim()).catch((error) => {
    throw new Error(`${label}: git could not add the worktree: ${gitProblem(error)}`);
  });
  return { path, branch, created: true };
}
