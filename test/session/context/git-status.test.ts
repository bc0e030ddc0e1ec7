import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  branchOfHeader,
  type GitRunner,
  gitRunner,
  gitStatusSnapshot,
} from "../../../src/session/context/git-status.js";

/** This process's environment without git's variables, and with no user or system git config. */
const HERMETIC_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith("GIT_")),
);
const GIT_ENV = {
  ...HERMETIC_ENV,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.invalid",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.invalid",
};

/** keel's git runner, without the user's git config. */
const runGit = gitRunner(GIT_ENV);

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, { cwd, env: GIT_ENV, stdio: "ignore" });
}

/** A runner that records the git commands it was asked for, then runs them. */
function recording(): { runner: GitRunner; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    runner: (args, cwd) => {
      calls.push([...args]);
      return runGit(args, cwd);
    },
  };
}

describe("the git status snapshot of the system prompt", () => {
  let dir = "";
  beforeEach(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), "keel-git-status-")));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names the branch, the changed files and the recent commits, from a subfolder too", async () => {
    git(dir, "init", "-q", "-b", "trunk");
    await writeFile(join(dir, "a.txt"), "a\n");
    git(dir, "add", "a.txt");
    git(dir, "commit", "-q", "-m", "first commit");
    await writeFile(join(dir, "a.txt"), "changed\n");
    await writeFile(join(dir, "new.txt"), "n\n");
    await mkdir(join(dir, "sub"));
    const snapshot = await gitStatusSnapshot(join(dir, "sub"), runGit, {});
    expect(snapshot).toContain("Current branch: trunk");
    // git names the files relative to the folder it runs in
    expect(snapshot).toContain(" M ../a.txt");
    expect(snapshot).toContain("?? ../new.txt");
    expect(snapshot).toMatch(/Recent commits:\n[0-9a-f]+ first commit/);
  });

  it("says clean and no commits for a fresh repository", async () => {
    git(dir, "init", "-q", "-b", "fresh");
    const snapshot = await gitStatusSnapshot(dir, runGit, {});
    expect(snapshot).toContain("Current branch: fresh");
    expect(snapshot).toContain("Status:\n(clean)");
    expect(snapshot).toContain("Recent commits:\n(none)");
  });

  it("says detached HEAD when no branch is checked out", async () => {
    git(dir, "init", "-q");
    await writeFile(join(dir, "a.txt"), "a\n");
    git(dir, "add", "a.txt");
    git(dir, "commit", "-q", "-m", "one");
    git(dir, "checkout", "-q", "--detach");
    expect(await gitStatusSnapshot(dir, runGit, {})).toContain("Current branch: (detached HEAD)");
  });

  it("starts no git process outside a repository", async () => {
    const { runner, calls } = recording();
    expect(await gitStatusSnapshot(dir, runner, {})).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("asks git when GIT_DIR names a repository elsewhere, and is undefined when git says no", async () => {
    const { runner, calls } = recording();
    const env = { GIT_DIR: join(dir, "missing.git") };
    expect(await gitStatusSnapshot(dir, runner, env)).toBeUndefined();
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe("the branch in git status's header line", () => {
  it.each([
    ["## main", "main"],
    ["## main...origin/main [ahead 1, behind 2]", "main"],
    ["## feature/x...origin/feature/x", "feature/x"],
    ["## No commits yet on trunk", "trunk"],
    ["## No commits yet on main...origin/main", "main"],
    ["## Initial commit on trunk", "trunk"],
    ["## HEAD (no branch)", undefined],
  ])("%s", (header, branch) => {
    expect(branchOfHeader(header)).toBe(branch);
  });
});
