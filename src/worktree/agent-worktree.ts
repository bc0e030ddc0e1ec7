import { randomBytes } from "node:crypto";
import { isAbsolute } from "node:path";
import { type GitRun, gitProblem, nodeGit, sessionWorktree } from "./session-worktree.js";

/** What WorktreeCreate hooks said: nothing (none ran), the folder one made, or why they failed. */
export type WorktreeCreateVerdict =
  | { kind: "none" }
  | { kind: "path"; path: string }
  | { kind: "failed"; message: string };

/** WorktreeCreate and WorktreeRemove hooks, as the worktree code needs them. */
export interface WorktreeHooks {
  /** A configured WorktreeCreate hook makes the worktree in git's place (Claude Code's rule). */
  create(name: string, signal: AbortSignal): Promise<WorktreeCreateVerdict>;
  /** Told before a worktree is removed; for a hook-made worktree it is the removal. */
  remove(path: string, signal: AbortSignal): Promise<void>;
}

/** A worktree an agent runs in. */
export interface AgentWorktree {
  path: string;
  /** Its branch, for a worktree keel made with git. */
  branch?: string;
  /** The commit it started from, to tell new commits by (keel's worktrees). */
  base?: string;
  /** The repository that holds it, for `git worktree remove` (keel's worktrees). */
  repository?: string;
  madeBy: "git" | "hook";
}

/** How an agent's worktree ended: removed, or kept because the agent left work in it. */
export type WorktreeEnd =
  | { kept: false }
  | { kept: true; path: string; branch?: string; reason: string };

/** What making and removing agent worktrees needs. */
export interface AgentWorktreeDeps {
  /** keel's state folder: worktrees go under its `worktrees/`. */
  stateDir: string;
  git?: GitRun;
  hooks?: WorktreeHooks;
  /** A fresh worktree name (default `agent-` and 8 random hex digits). */
  newName?: () => string;
}

const LABEL = 'isolation: "worktree"';

function agentWorktreeName(): string {
  return `agent-${randomBytes(4).toString("hex")}`;
}

/** The commit a folder's checkout is at, or undefined when git cannot tell (not a checkout). */
export async function checkoutHead(path: string, git: GitRun): Promise<string | undefined> {
  return (await git(["rev-parse", "HEAD"], path).catch(() => undefined))?.trim();
}

/** A fresh worktree for an agent started in `cwd`: made by a WorktreeCreate hook, else by git. */
export async function createAgentWorktree(
  cwd: string,
  deps: AgentWorktreeDeps,
  signal: AbortSignal,
): Promise<AgentWorktree> {
  const name = (deps.newName ?? agentWorktreeName)();
  const verdict = (await deps.hooks?.create(name, signal)) ?? { kind: "none" };
  if (verdict.kind === "failed") {
    throw new Error(`${LABEL}: a WorktreeCreate hook failed: ${verdict.message}`);
  }
  if (verdict.kind === "path") {
    if (!isAbsolute(verdict.path)) {
      throw new Error(
        `${LABEL}: the WorktreeCreate hook gave "${verdict.path}", not an absolute path`,
      );
    }
    // Its commit, if it is a checkout, so new commits made there keep it (as for keel's own).
    const base = await checkoutHead(verdict.path, deps.git ?? nodeGit);
    return { path: verdict.path, madeBy: "hook", ...(base === undefined ? {} : { base }) };
  }
  const git = deps.git ?? nodeGit;
  const made = await sessionWorktree({ cwd, stateDir: deps.stateDir, name, git, label: LABEL });
  if (!made.created) throw new Error(`${LABEL}: a worktree named ${name} exists already`);
  const base = (await git(["rev-parse", "HEAD"], made.path)).trim();
  const repository = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  return { path: made.path, branch: made.branch, base, repository, madeBy: "git" };
}

/** Why the worktree must stay (the agent's changes), or undefined when it holds none. */
async function leftWork(worktree: AgentWorktree, git: GitRun): Promise<string | undefined> {
  const status = await git(["status", "--porcelain", "--untracked-files=all"], worktree.path);
  if (status.trim() !== "") return "it has uncommitted changes or untracked files";
  if (worktree.base === undefined) return undefined;
  const commits = await git(["rev-list", "--count", `${worktree.base}..HEAD`], worktree.path);
  return Number(commits.trim()) > 0 ? "it has new commits" : undefined;
}

/**
 * Ends an agent's worktree: kept (and said why) when the agent left changes, untracked files
 * or new commits there, or when keel cannot tell (a hook's folder git does not know);
 * otherwise WorktreeRemove hooks are told and the worktree and its branch are removed.
 */
export async function finishAgentWorktree(
  worktree: AgentWorktree,
  deps: AgentWorktreeDeps,
  signal: AbortSignal,
): Promise<WorktreeEnd> {
  const git = deps.git ?? nodeGit;
  const kept = (reason: string): WorktreeEnd => ({
    kept: true,
    path: worktree.path,
    ...(worktree.branch === undefined ? {} : { branch: worktree.branch }),
    reason,
  });
  let work: string | undefined;
  try {
    work = await leftWork(worktree, git);
  } catch (error) {
    return kept(`git cannot tell what changed there: ${gitProblem(error)}`);
  }
  if (work !== undefined) return kept(work);
  await deps.hooks?.remove(worktree.path, signal);
  if (worktree.madeBy === "hook" || worktree.repository === undefined) return { kept: false };
  try {
    await git(["worktree", "remove", "--force", worktree.path], worktree.repository);
    if (worktree.branch) await git(["branch", "-D", worktree.branch], worktree.repository);
  } catch (error) {
    return kept(`git could not remove it: ${gitProblem(error)}`);
  }
  return { kept: false };
}
