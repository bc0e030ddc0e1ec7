import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyseShell, realFileSystem } from "../../../src/tools/shell-effects/index.js";
import { readAwkProgram } from "../../../src/tools/shell-effects/programs/awk-program.js";
import { readSedScript } from "../../../src/tools/shell-effects/programs/sed-script.js";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import { effectsIn, readOnlyIn, realPaths, usePlace } from "./helpers.js";

// Each program's spec, through the whole analysis: everyday forms stay read-only, the
// options and script commands that write, run code or read elsewhere do not.
const place = usePlace();
beforeAll(async () => {
  await loadShellParser();
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], {
      cwd: place().project,
      env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
    });
  execFileSync("rm", ["-rf", join(place().project, ".git")]);
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "one");
});

const readOnly = async (command: string) => (await readOnlyIn(place(), command)).readOnly;
const reads = async (command: string) =>
  realPaths(place(), (await effectsIn(place(), command)).reads);
const writes = async (command: string) =>
  realPaths(place(), (await effectsIn(place(), command)).writes);
const opaque = async (command: string) => (await effectsIn(place(), command)).opaque.length > 0;

const EVERYDAY = [
  "sort -u README.md",
  "sort -t, -k2 -n README.md",
  "uniq -c README.md",
  "cut -d: -f1 README.md",
  "tr a-z A-Z",
  "wc -l src/*.ts",
  "du -sh src",
  "stat -c %s README.md",
  "diff -u src/a.ts src/b.ts",
  "diff -r src src",
  "sha256sum README.md",
  "date +%s",
  "basename /a/b",
  "which git",
  "xxd README.md",
  "grep -rn TODO src",
  "grep -c x README.md",
  "grep -E 'a|b' -r .",
  "rg TODO src",
  "rg -n --hidden foo",
  "rg -g '*.ts' -l x",
  "rg --files src",
  "find . -name '*.ts' -not -path './node_modules/*'",
  "find src -type f | head",
  "find . -maxdepth 2 -type d",
  "tree -L 2 src",
  "tree -a -I node_modules",
  "git status --short",
  "git log --oneline -5",
  "git log -p -- src",
  "git diff --stat",
  "git show HEAD --stat",
  "git branch -a",
  "git branch --show-current",
  "git rev-parse --abbrev-ref HEAD",
  "git blame -L 1,1 README.md",
  "git tag -l",
  "git remote -v",
  "git config --get user.name",
  "git stash list",
  "git -C src log -1",
  "git --no-pager log -3",
  "sed -n 1,20p README.md",
  "sed -n '/start/,/end/p' README.md",
  "sed 's|/usr|/opt|g' README.md",
  "sed -E 's/(x)+/y/' README.md",
  "sed -ne '$p' README.md",
  "awk '{print $1}' README.md",
  "awk 'NR>1 && $2 > 3 {s+=$2} END {print s}' README.md",
  "awk -F: -v x=1 '$1==x' README.md",
  "awk 'length($0) > 80' README.md",
  "jq .name README.md",
  "jq -r '.scripts | keys[]' README.md",
  "jq --arg v 1 '.x == $v' README.md",
  "node --version",
];

const NOT_READ_ONLY = [
  "sort -o out README.md",
  "sort --files0-from=- ",
  "sort --out=x README.md",
  "sort --compress-program=sh README.md",
  "uniq README.md out",
  "xxd README.md out",
  "du -L src",
  "date -s now",
  "hostname evil",
  "shuf -o x README.md",
  "sha256sum -c sums",
  "grep -R x .",
  "grep -r x ../outside",
  "rg -L x",
  "rg --pre sh x",
  "rg -z x",
  "find . -delete",
  "find -L . -name x",
  "find . -fprint out",
  "find . -newer ../outside/file.txt",
  "find . -exec cat {} +",
  "tree -Lo 1 F",
  "tree -l",
  "tree -R -H . -o x",
  "git -c core.pager=cat log",
  "git diff --ext-diff",
  "git branch newb",
  "git tag v1",
  "git config core.hooksPath x",
  "git diff --output=f",
  "git -C ../outside log",
  "git show HEAD:../outside/file.txt",
  "git somealias",
  "git stash",
  "sed -i s/a/b/ README.md",
  "sed 's/x/id/e' README.md",
  "sed '1e id' README.md",
  "sed -f s.sed README.md",
  "sed 'w out' README.md",
  "sed 'r ../outside/file.txt' README.md",
  'sed "$X" README.md',
  "awk 'BEGIN{system(\"id\")}'",
  "awk '{print | \"sh\"}' README.md",
  "awk '{print > \"out\"}' README.md",
  "awk -f p.awk README.md",
  "jq 'import \"x\" as x; .' README.md",
  "jq -n --rawfile k ../outside/file.txt '$k'",
  "node -e 1",
];

describe("program specs", () => {
  it.each(EVERYDAY.map((c) => [c]))("read-only: %s", async (command) => {
    expect(await readOnlyIn(place(), command)).toEqual({ readOnly: true });
  });

  it.each(NOT_READ_ONLY.map((c) => [c]))("not read-only: %s", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("names what each reads and writes", async () => {
    expect(await reads("grep -r x secrets")).toContain("project/secrets");
    expect(await reads("git show HEAD:secrets/key")).toContain("project/secrets/key");
    expect(await reads("jq . secrets/key")).toContain("project/secrets/key");
    expect(await reads("sed 'r secrets/key' README.md")).toContain("project/secrets/key");
    expect(await writes("tree -Lo 1 F")).toEqual(["project/F"]);
    expect(await writes("sed -i s/a/b/ README.md")).toEqual(["project/README.md"]);
    expect(await writes("git config core.hooksPath x")).toEqual(["project/.git/config"]);
    expect(await writes("git config --global user.name x")).toEqual(["home/.gitconfig"]);
    expect(await writes("uniq README.md out")).toEqual(["project/out"]);
  });

  it("follows find -exec and sees code it cannot follow", async () => {
    const effects = await effectsIn(place(), "find . -exec rm {} +");
    expect(effects.runs.map((run) => `${run.name}:${run.openEnded}`)).toContain("rm:true");
    for (const command of [
      "git -c alias.x='!rm y' x",
      "awk 'BEGIN{system(\"rm y\")}'",
      "sed '1e rm y' f",
      "rg --pre rm x",
    ]) {
      expect(await opaque(command), command).toBe(true);
    }
  });

  it("refuses a diff of folders that hold a link, which diff would follow", async () => {
    expect(await readOnly("diff -r src src")).toBe(true);
    expect(await readOnly("diff -r . src")).toBe(false);
    expect(await readOnly("diff . src")).toBe(false);
    expect(await readOnly("diff -r --no-dereference . src")).toBe(true);
  });

  it("takes ripgrep's config file as options keel cannot see", async () => {
    const effects = await analyseShell("rg TODO", {
      cwd: place().project,
      home: place().home,
      env: { HOME: place().home, PATH: process.env.PATH, RIPGREP_CONFIG_PATH: "/etc/rg" },
      fs: realFileSystem,
    });
    expect(effects.opaque[0]).toMatch(/RIPGREP_CONFIG_PATH/);
  });
});

describe("script readers", () => {
  it.each([
    ["1,20p", { reads: [], writes: [] }],
    ["/a/,/b/{s/x/y/g;p}", { reads: [], writes: [] }],
    ["s|a|b|w out", { reads: [], writes: ["out"] }],
    ["$!N; r in\nw /dev/stdout", { reads: ["in"], writes: [] }],
    ["\\%x%d; y/abc/xyz/; a\\\nmore text", { reads: [], writes: [] }],
    [
      "s/x/y/e",
      { reads: [], writes: [], runs: "the e flag of s runs the pattern space as a command" },
    ],
  ])("reads the sed script %j", (script, expected) => {
    expect(readSedScript(script)).toEqual(expected);
  });

  it.each(["s/x/y", "{p", "k", "s"])("refuses the sed script %j it cannot read", (script) => {
    expect(readSedScript(script)).toHaveProperty("problem");
  });

  it.each([
    ['{print $1 > "out"}', { writes: "awk's print > writes a file named at run time" }],
    ["$1 > 5 {print $2}", {}],
    ["{print ($1 > 5)}", {}],
    [
      '{while ((getline line < "f") > 0) n++}',
      { reads: "awk's getline < reads a file named at run time" },
    ],
    ['/a|b/ {print "x | y"}', {}],
    ["$1 || $2 {print}", {}],
  ])("reads the awk program %j", (program, expected) => {
    expect(readAwkProgram(program)).toEqual(expected);
  });

  it.each([
    '{print | "sh"}',
    'BEGIN{system("id")}',
    '"date" | getline d',
    '@load "x"',
    '{print "unclosed}',
  ])("finds code run by the awk program %j", (program) => {
    expect(readAwkProgram(program).runs).toBeDefined();
  });
});
