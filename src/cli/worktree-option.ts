import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { keelStateDir } from "../config/paths.js";
import {
  type AgentWorktree,
  checkoutHead,
  finishAgentWorktree,
  type WorktreeHooks,
} from "../worktree/agent-worktree.js";
import { nodeGit, randomWorktreeName, sessionWorktree } from "../worktree/session-worktree.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { writeTo } from "./output.js";
import { UsageError } from "./usage-error.js";

/** A session's run in its worktree: the io and options it runs with, and its end. */
interface WorktreeRun {
  io: CliIo;
  options: CliOptions;
  /** Once the session ended: removes the worktree this run made when nothing changed in it. */
  finish(): Promise<void>;
}

const LABEL = "--worktree";

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory();

/** The worktree a WorktreeCreate hook made in git's place (Claude Code's rule), or undefined. */
async function hookWorktree(
  hooks: WorktreeHooks,
  name: string,
  signal: AbortSignal,
): Promise<AgentWorktree | undefined> {
  const verdict = await hooks.create(name, signal);
  if (verdict.kind === "none") return undefined;
  if (verdict.kind === "failed") {
    throw new UsageError(`${LABEL}: a WorktreeCreate hook failed: ${verdict.message}`);
  }
  if (!isAbsolute(verdict.path) || !isFolder(verdict.path)) {
    throw new UsageError(
      `${LABEL}: the WorktreeCreate hook gave "${verdict.path}", not the absolute path of a folder`,
    );
  }
  const base = await checkoutHead(verdict.path, nodeGit);
  return { path: verdict.path, madeBy: "hook", ...(base === undefined ? {} : { base }) };
}

/** The session's id, chosen now so WorktreeCreate and the session name the same one. */
function withSessionId(options: CliOptions): CliOptions {
  const resumes =
    options.resume !== undefined || options.continue || options.resumePick !== undefined;
  if (options.sessionId !== undefined || resumes) return options;
  return { ...options, sessionId: randomUUID() };
}

/**
 * With `-w/--worktree [name]`, the session runs in a worktree (its working folder), said once
 * on stderr: one a WorktreeCreate hook makes, else a new git worktree (one of that name made
 * before is used again). At the end a worktree this run made is removed, WorktreeRemove told
 * first, unless it holds changes, untracked files or new commits: then it is kept, and said so.
 */
export async function inWorktree(options: CliOptions, io: CliIo): Promise<WorktreeRun> {
  if (options.worktree === undefined) return { io, options, finish: async () => {} };
  const run = withSessionId(options);
  const name = options.worktree || randomWorktreeName();
  const stateDir = keelStateDir(io.env);
  const { worktreeSessionHooks } = await import("./worktree-session-hooks.js");
  const hooks = await worktreeSessionHooks(run, io, run.sessionId ?? randomUUID());
  const say = (text: string) => writeTo(io.stderr, `keel: ${text}\n`);
  let worktree = hooks && (await hookWorktree(hooks, name, io.signal));
  if (worktree) {
    await say(`working in ${worktree.path}, which a WorktreeCreate hook made`);
  } else {
    const made = await sessionWorktree({ cwd: io.cwd, stateDir, name }).catch((error) => {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    });
    const how = made.created ? "a new git worktree" : "the git worktree";
    await say(`working in ${how} ${made.path} (branch ${made.branch})`);
    if (made.created) {
      const base = await checkoutHead(made.path, nodeGit);
      const repository = (await nodeGit(["rev-parse", "--show-toplevel"], io.cwd)).trim();
      worktree = { ...made, ...(base === undefined ? {} : { base }), repository, madeBy: "git" };
    } else {
      // A worktree an earlier run made is the person's now: keel never removes it.
      return { io: { ...io, cwd: made.path }, options: run, finish: async () => {} };
    }
  }
  const ours = worktree;
  return {
    io: { ...io, cwd: ours.path },
    options: run,
    finish: async () => {
      const deps = { stateDir, ...(hooks ? { hooks } : {}) };
      const end = await finishAgentWorktree(ours, deps, new AbortController().signal);
      if (!end.kept && ours.madeBy === "hook") {
        return say(`nothing changed in the worktree ${ours.path}: WorktreeRemove hooks were told`);
      }
      if (!end.kept) return say(`removed the worktree ${ours.path}: nothing changed in it`);
      const branch = end.branch === undefined ? "" : ` (branch ${end.branch})`;
      return say(`kept the worktree ${ours.path}${branch}: ${end.reason}`);
    },
  };
}
