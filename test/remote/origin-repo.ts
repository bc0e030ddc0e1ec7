import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Runs git with a committer set (tests make commits on machines with no git identity). */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
    cwd,
    encoding: "utf8",
  });

/**
 * A bare `origin.git` under `root` and its `clone`, holding `files` (path → text) in one commit
 * pushed to main: the repository a remote task is submitted from.
 */
export function originAndClone(
  root: string,
  files: Record<string, string>,
): { origin: string; clone: string } {
  const origin = join(root, "origin.git");
  const clone = join(root, "clone");
  git(root, "init", "--quiet", "--bare", "-b", "main", origin);
  git(root, "clone", "--quiet", origin, clone);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    writeFileSync(join(clone, path), text);
  }
  git(clone, "add", ...Object.keys(files));
  git(clone, "commit", "--quiet", "-m", "first");
  git(clone, "push", "--quiet", "origin", "HEAD:main");
  return { origin, clone };
}
