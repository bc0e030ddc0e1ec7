import { execFile } from "node:child_process";

/** Runs git in a folder and gives its stdout, or undefined when git fails or is missing. */
export type GitRunner = (args: readonly string[], cwd: string) => Promise<string | undefined>;

const STATUS_CAP = 2_000;

/** git through a child process, bounded in time and output. */
export const runGit: GitRunner = (args, cwd) =>
  new Promise((resolve) => {
    execFile(
      "git",
      [...args],
      {
        cwd,
        timeout: 3_000,
        maxBuffer: 1024 * 1024,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" },
      },
      (error, stdout) => resolve(error ? undefined : stdout.trimEnd()),
    );
  });

function capped(text: string): string {
  if (text.length <= STATUS_CAP) return text;
  return `${text.slice(0, STATUS_CAP)}\n… (truncated; run "git status" for the rest)`;
}

/**
 * The repository's state at the start of the session (taken once, so the system prompt stays
 * byte-identical across requests): branch, short status and recent commits. Undefined
 * outside a repository.
 */
export async function gitStatusSnapshot(
  cwd: string,
  git: GitRunner = runGit,
): Promise<string | undefined> {
  const inside = await git(["rev-parse", "--is-inside-work-tree"], cwd);
  if (inside !== "true") return undefined;
  const [branch, status, log] = await Promise.all([
    git(["branch", "--show-current"], cwd),
    git(["status", "--short"], cwd),
    git(["log", "--oneline", "-n", "5"], cwd),
  ]);
  return [
    "This is the git status at the start of the conversation. It is a snapshot and will not update during the conversation.",
    `Current branch: ${branch || "(detached HEAD)"}`,
    "",
    "Status:",
    status ? capped(status) : "(clean)",
    "",
    "Recent commits:",
    log || "(none)",
  ].join("\n");
}
