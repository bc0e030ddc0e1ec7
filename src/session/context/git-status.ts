import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { directoriesFromRoot } from "../memory/directory-chain.js";

/** Runs git in a folder and gives its stdout, or undefined when git fails or is missing. */
export type GitRunner = (args: readonly string[], cwd: string) => Promise<string | undefined>;

const STATUS_CAP = 2_000;

/** git through child processes with `env`, bounded in time and output. */
export function gitRunner(env: NodeJS.ProcessEnv): GitRunner {
  return (args, cwd) =>
    new Promise((resolve) => {
      execFile(
        "git",
        [...args],
        {
          cwd,
          timeout: 3_000,
          maxBuffer: 1024 * 1024,
          env: { ...env, GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" },
        },
        (error, stdout) => resolve(error ? undefined : stdout.trimEnd()),
      );
    });
}

/** git with this process's environment. */
export const runGit: GitRunner = gitRunner(process.env);

/**
 * Whether git could find a repository from `cwd`: a `.git` (folder or file) here or above, or
 * GIT_DIR set. Outside one, no git process is started (each costs a fork of this process).
 */
export function mayBeInRepository(cwd: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_DIR) return true;
  return directoriesFromRoot(cwd).some((dir) => existsSync(join(dir, ".git")));
}

/**
 * The branch named by `git status --branch`'s header line: `## main...origin/main [ahead 1]`,
 * `## No commits yet on main`, or `## HEAD (no branch)` when detached (undefined).
 */
export function branchOfHeader(header: string): string | undefined {
  const text = header.replace(/^## /, "");
  if (text.startsWith("HEAD (no branch)")) return undefined;
  const unborn = /^(?:No commits yet|Initial commit) on (.+)$/.exec(text);
  const named = unborn?.[1] ?? text;
  return named.split("...")[0]?.split(" ")[0] || undefined;
}

function capped(text: string): string {
  if (text.length <= STATUS_CAP) return text;
  return `${text.slice(0, STATUS_CAP)}\n… (truncated; run "git status" for the rest)`;
}

/**
 * The repository's state at the start of the session (taken once, so the system prompt stays
 * byte-identical across requests): branch, short status and recent commits. Undefined
 * outside a work tree (git status fails there).
 */
export async function gitStatusSnapshot(
  cwd: string,
  git: GitRunner = runGit,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  if (!mayBeInRepository(cwd, env)) return undefined;
  const [status, log] = await Promise.all([
    // Uncoloured whatever the user's config says; the header's words are read in git's own
    // language (runGit sets LC_ALL=C).
    git(["-c", "color.status=false", "status", "--short", "--branch"], cwd),
    git(["log", "--oneline", "-n", "5"], cwd),
  ]);
  if (status === undefined) return undefined;
  const [header = "", ...changes] = status.split("\n");
  return [
    "This is the git status at the start of the conversation. It is a snapshot and will not update during the conversation.",
    `Current branch: ${branchOfHeader(header) ?? "(detached HEAD)"}`,
    "",
    "Status:",
    changes.length > 0 ? capped(changes.join("\n")) : "(clean)",
    "",
    "Recent commits:",
    log || "(none)",
  ].join("\n");
}
