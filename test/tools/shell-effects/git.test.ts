import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import { effectsIn, type Place, readOnlyIn, realPaths } from "./helpers.js";

// git through the whole analysis, against real repositories: a project with one commit, a
// repository beside it, and above both a repository whose configuration runs a program
// (`core.fsmonitor`), which only a `-C` that leaves the project through a link reaches.
let place: Place | undefined;
const here = (): Place => {
  if (!place) throw new Error("the place exists only while the file's tests run");
  return place;
};

const FILES = [
  "project/README.md",
  "project/src/a.ts",
  "project/src/b.ts",
  "project/secrets/key",
  "project/sub/s.txt",
  "outside/file.txt",
  "home/.bashrc",
  "rootfile",
];

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], {
    cwd,
    stdio: "ignore",
    env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  });
}

beforeAll(async () => {
  await loadShellParser();
  const root = await realpath(await mkdtemp(join(tmpdir(), "keel-git-")));
  for (const file of FILES) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), `${file}\n`);
  }
  place = {
    root,
    project: join(root, "project"),
    outside: join(root, "outside"),
    home: join(root, "home"),
  };
  for (const repository of [place.project, place.outside]) {
    git(repository, "init", "-q");
    git(repository, "add", "-A");
    git(repository, "commit", "-q", "-m", "one");
  }
  git(place.project, "commit", "-q", "--allow-empty", "-m", "two");
  // Never run: keel must see that git would run it.
  git(root, "init", "-q");
  git(root, "config", "core.fsmonitor", join(root, "no-such-monitor"));
  await symlink(place.outside, join(place.project, "link-out"));
});
afterAll(async () => {
  if (place) await rm(place.root, { recursive: true, force: true });
});

const readOnly = async (command: string) => (await readOnlyIn(here(), command)).readOnly;
const effects = (command: string) => effectsIn(here(), command);
const reads = async (command: string) => realPaths(here(), (await effects(command)).reads);
const writes = async (command: string) => realPaths(here(), (await effects(command)).writes);
const opaque = async (command: string) => (await effects(command)).opaque.length > 0;

const EVERYDAY = [
  "git status",
  "git status --short",
  "git status -sb",
  "git --no-optional-locks status --porcelain",
  "git log --oneline -5",
  "git log --oneline -n 5 --author 'Jane Doe'",
  "git log -p -- src",
  "git log --pretty=format:%h%x09%s -3",
  "git log --format=%H -1",
  "git log --graph --decorate --all",
  "git log --stat --since=2.weeks",
  "git diff",
  "git diff HEAD~1 -- src",
  "git diff --stat",
  "git diff --cached --name-only",
  "git diff -U0",
  "git diff HEAD~1..HEAD -- README.md",
  "git show HEAD --stat",
  "git show HEAD:README.md",
  "git show HEAD:secrets/key",
  "git branch",
  "git branch -a",
  "git branch -vv",
  "git branch --show-current",
  "git branch --list 'feat/*'",
  "git branch --merged main",
  "git branch --format='%(refname:short)' --sort=-committerdate",
  "git rev-parse --abbrev-ref HEAD",
  "git rev-parse --show-toplevel",
  "git ls-files",
  "git ls-files -z src",
  "git ls-tree -r HEAD",
  "git cat-file -p HEAD",
  "git blame -L 1,5 README.md",
  "git shortlog -sn",
  "git describe --tags --always",
  "git rev-list --count HEAD",
  "git merge-base HEAD HEAD~1",
  "git name-rev HEAD",
  "git for-each-ref --format='%(refname)'",
  "git show-ref",
  "git count-objects -v",
  "git grep -n TODO",
  "git grep -e x -- src",
  "git tag",
  "git tag -l",
  "git tag -n",
  "git tag --contains HEAD",
  "git remote",
  "git remote -v",
  "git remote get-url origin",
  "git config --get user.name",
  "git config --list",
  "git config -l --show-origin",
  "git config --global --get user.name",
  "git stash list",
  "git stash show -p",
  "git worktree list",
  "git reflog",
  "git reflog show -5",
  "git check-ignore -v src/a.ts",
  "git -C sub log",
  "git -C src log -1",
  "git -C sub show HEAD:./s.txt",
  "git --no-pager log -3",
  "git -P diff",
  "git -p log -1",
  "git --literal-pathspecs log -- src",
  "git --version",
  "git version",
  "git --help",
];

const NOT_READ_ONLY = [
  // Configuration or programs chosen on the command line.
  "git -c core.pager='touch P' log",
  "git -c alias.x='!rm y' x",
  "git --config-env=core.pager=PAGER log",
  "git --git-dir=.git log",
  "git --work-tree=. status",
  "git --exec-path=/tmp log",
  "git --namespace=x log",
  "git --bare log",
  "git diff --ext-diff",
  "git diff --ext-diff HEAD",
  "git log -p --textconv",
  "git grep -O x",
  "git grep --open-files-in-pager=vim x",
  // Creating, moving and deleting refs.
  "git branch newb",
  "git branch -d x",
  "git branch -D x",
  "git branch -m x",
  "git branch -M a b",
  "git branch -c a b",
  "git branch -u origin/x",
  "git branch --set-upstream-to=origin/x",
  "git branch --unset-upstream",
  "git branch --edit-description",
  "git tag v1",
  "git tag -a v1 -m x",
  "git tag -d v1",
  "git symbolic-ref HEAD refs/heads/x",
  "git reflog expire --all",
  "git reflog delete HEAD@{1}",
  // Configuration writes and network or hook-running forms.
  "git config core.hooksPath x",
  "git config user.name x",
  "git config --unset user.name",
  "git config --global user.name x",
  "git remote show origin",
  "git remote add x y",
  "git stash",
  "git stash pop",
  "git worktree add ../x",
  // Files written by name.
  "git diff --output=f",
  "git show --output f",
  "git log --output=../outside/x",
  "git log -o f",
  // Runs other programs.
  "git bisect run x",
  "git rebase --exec ls HEAD~1",
  "git submodule foreach ls",
  "git filter-branch x",
  "git difftool",
  "git mergetool",
  "git commit -m x",
  "git push",
  "git somealias",
  // Reads outside the working folders.
  "git -C ../outside log",
  "git -C ../outside status",
  "git show HEAD:../outside/file.txt",
  "git diff --no-index ../outside/file.txt README.md",
  "git blame --contents ../outside/file.txt README.md",
  // Words only known at run time.
  "git $CMD",
  "git -C $DIR log",
  "git log $OPTS",
];

describe("git", () => {
  it.each(EVERYDAY)("read-only: %s", async (command) => {
    expect(await readOnlyIn(here(), command)).toEqual({ readOnly: true });
  });

  it.each(NOT_READ_ONLY)("not read-only: %s", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("is opaque where git may run a program keel cannot see", async () => {
    for (const command of [
      "git -c core.pager='touch P' log",
      "git --config-env=core.pager=PAGER log",
      "git diff --ext-diff HEAD",
      "git grep -O x",
      "git bisect run x",
      "git rebase --exec ls HEAD~1",
      "git submodule foreach ls",
      "git filter-branch x",
      "git difftool",
      "git mergetool",
      "git somealias",
      "git branch newb",
    ]) {
      expect(await opaque(command), command).toBe(true);
    }
    expect(await opaque("git log --oneline -5")).toBe(false);
    expect(await opaque("git config --get user.name")).toBe(false);
  });

  it("reads the work tree's top for history, from any folder of the repository", async () => {
    expect(await reads("git log --oneline")).toEqual(["project"]);
    expect(await reads("git -C sub log")).toEqual(["project", "project/sub"]);
    expect(await reads("git -C ../outside log")).toEqual(["outside"]);
    expect(await reads("git status")).toEqual([]);
  });

  it("reads path operands from where git runs", async () => {
    expect(await reads("git blame -L 1,5 README.md")).toContain("project/README.md");
    expect(await reads("git log -- src/a.ts")).toContain("project/src/a.ts");
    expect(await reads("git diff HEAD~1 -- src")).toContain("project/src");
    expect(await reads("git -C sub log -- s.txt")).toContain("project/sub/s.txt");
    expect(await reads("git diff --no-index ../outside/file.txt README.md")).toContain(
      "outside/file.txt",
    );
  });

  it("reads REV:path from the work tree's top, or from git's folder for ./ and ../", async () => {
    expect(await reads("git show HEAD:secrets/key")).toContain("project/secrets/key");
    expect(await reads("git show :secrets/key")).toContain("project/secrets/key");
    expect(await reads("git show HEAD~1:src/a.ts")).toContain("project/src/a.ts");
    expect(await reads("git show main:./secrets/key")).toContain("project/secrets/key");
    expect(await reads("git cat-file -p HEAD:secrets/key")).toContain("project/secrets/key");
    expect(await reads("git -C sub show HEAD:secrets/key")).toContain("project/secrets/key");
    expect(await reads("git -C sub show HEAD:../secrets/key")).toContain("project/secrets/key");
    expect(await reads("git -C sub show HEAD:./s.txt")).toContain("project/sub/s.txt");
    expect(await reads("git show HEAD:../outside/file.txt")).toContain("outside/file.txt");
  });

  it("writes the configuration file a git config change names", async () => {
    expect(await writes("git config core.hooksPath x")).toEqual(["project/.git/config"]);
    expect(await writes("git -C sub config user.name x")).toEqual(["project/.git/config"]);
    expect(await writes("git config --global user.name x")).toEqual(["home/.gitconfig"]);
    expect(await writes("git config --get user.name")).toEqual([]);
  });

  it("writes the file --output names", async () => {
    expect(await writes("git diff --output=f")).toEqual(["project/f"]);
    expect(await writes("git log -p --output=../outside/x")).toEqual(["outside/x"]);
    expect(await writes("git -C sub show --output=f HEAD")).toEqual(["project/sub/f"]);
  });
});

// Found by probing real git: options that take a value only after `=`, and folders reached
// through a symlink's `..`.
describe("git: options and folders as git itself reads them", () => {
  // keel's tables give these options a value in the next word; git takes it only after `=`,
  // so `--output=x` is git's next option, and git writes x.
  it.each([
    "git log --pretty --output=x",
    "git log --format --output=x",
    "git log --notes --output=x",
    "git show --show-notes --output=x HEAD",
    "git log --max-parents --output=x",
    "git diff -U --output=x",
    "git diff --orderfile --output=x",
    "git shortlog --notes --output=x HEAD",
    "git rev-list --pretty --output=x HEAD",
    "git blame --reverse --output=x HEAD README.md",
    "git blame --abbrev --output=x README.md",
  ])("%s writes", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  // `-C` and path words are resolved by name, but git moves with chdir(2) and the kernel
  // reads `link/..` as the parent of the link's target: here the folder above the project,
  // whose repository's configuration runs a program.
  it.each([
    "git -C link-out/.. status",
    "git -C link-out/.. log",
    "git diff --no-index link-out/../rootfile README.md",
    "git blame --contents link-out/../rootfile README.md",
  ])("%s leaves the project through a link", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });
});
