import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyseShell,
  readOnlyVerdict,
  realFileSystem,
} from "../../../src/tools/shell-effects/index.js";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";

// The read-only verdict over whole command lines: what must stay allowed, what never may.

let root: string;
let work: string;

beforeAll(async () => {
  await loadShellParser();
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-readonly-")));
  work = join(root, "work");
  await mkdir(join(work, "src", "deep"), { recursive: true });
  await mkdir(join(root, "other"), { recursive: true });
  await symlink(join(root, "other"), join(work, "escape"));
  await symlink(join(work, "src"), join(work, "inner-link"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const ENV = { HOME: "/nonexistent-home", PATH: process.env.PATH };

async function verdict(command: string, cwd = work, folders = [work]) {
  const effects = await analyseShell(command, {
    cwd,
    home: ENV.HOME,
    env: ENV,
    fs: realFileSystem,
  });
  return readOnlyVerdict(effects, { folders, env: ENV, projectEnv: [], fs: realFileSystem });
}

async function readOnly(command: string, cwd = work, folders = [work]): Promise<boolean> {
  return (await verdict(command, cwd, folders)).readOnly;
}

const READ_ONLY: readonly string[] = [
  "ls",
  "ls -la src",
  "ls -la 'src/deep'",
  'cat "src/a file.txt"',
  "cat src/a\\ file.txt",
  "head -n 20 README.md",
  "tail -f log.txt",
  "wc -l src/*.ts",
  "pwd",
  "echo hello world",
  "printf '%s\\n' a b",
  "which node",
  "file package.json",
  "stat -c %s package.json",
  "du -sh src",
  "df -h .",
  "grep -rn 'TODO' src",
  "grep -e foo -e bar src",
  "rg -n --glob '*.ts' foo src",
  "rg --files src",
  "find . -name '*.ts' -type f",
  "find src -maxdepth 2 -newer package.json",
  "tree -L 2 src",
  "sort -k2 -t, data.csv",
  "uniq -c counts.txt",
  "cut -d: -f1 /dev/null",
  "tr a-z A-Z",
  "diff -u a.txt b.txt",
  "cmp a b",
  "git status --porcelain",
  "git diff HEAD~1 -- src",
  "git log --oneline -n 5 --author 'Jane Doe'",
  "git show HEAD:src/index.ts",
  "git branch",
  "git branch -a -v",
  "git branch --list 'feat/*'",
  "git rev-parse --show-toplevel",
  "git ls-files -z",
  "git blame -L 1,20 src/index.ts",
  "git remote -v",
  "git --no-pager log -1",
  "date",
  "date +%Y-%m-%d",
  "date -u",
  "env",
  "printenv PATH",
  "true",
  "false",
  "test -f package.json",
  "[ -d src ] && echo dir",
  "[[ -d src && 3 -gt 2 ]]",
  "cat /dev/null",
  "basename /a/b/c.txt",
  "dirname /a/b/c.txt",
  "realpath src",
  "readlink inner-link",
  "jq .name package.json",
  "jq -r '.scripts | keys[]' package.json",
  "ls 2>/dev/null",
  "ls > /dev/null 2>&1",
  "wc -l < package.json",
  "cat <<'EOF'\nliteral $(not run)\nEOF",
  "cat <<EOF\nplain text\nEOF",
  "ls -la | grep ts | wc -l",
  "(cd src && ls)",
  "{ ls; pwd; }",
  "cd src && ls deep",
  "ls inner-link/deep",
  "echo 'a; rm -rf x'",
  "! grep -q foo src/x",
  "ls src/ \\\n  -la",
  "sed -n 1p file",
  "awk '{print}' file",
  "time ls",
  "command ls",
  "cat src/../package.json",
];

const NOT_READ_ONLY: readonly string[] = [
  "ls; rm -rf x",
  "rm -rf x",
  "cat a > b",
  "cat a >> b",
  "echo hi > /tmp/x",
  "ls &> out",
  "ls >& out",
  "echo $(rm x)",
  "echo `rm x`",
  'echo "$(rm x)"',
  "cat <(rm x)",
  "ls > >(tee out)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash syntax, not a template
  "echo ${x:-$(rm x)}",
  "cat <<EOF\n$(rm x)\nEOF",
  'cat <<< "$(rm x)"',
  "git diff && git push",
  "git status; git commit -m x",
  "git log --output=out.txt",
  "git diff --out=x",
  "git diff --ext-diff",
  "git branch new-branch",
  "git branch -D old",
  "git branch -m a b",
  "git remote add origin url",
  "git -c core.pager=evil log",
  "git -C .. status",
  "git checkout .",
  "git stash",
  "find . -delete",
  "find . -name x -exec rm {} \\;",
  "find . -execdir cat {} +",
  "find . -fprint out",
  "find . -ok rm {} \\;",
  "ls ../..",
  "ls ..",
  "cat /etc/passwd",
  "cat ../other/x",
  "cat escape/secret",
  "ls escape",
  "cat src/../../other/x",
  "cd .. && ls",
  "cd escape",
  "cd",
  "cd -",
  "cd src && cat ../../other/x",
  "sed -i s/a/b/ file",
  "sort -o out in",
  "sort --output=out in",
  "sort --compress-program=sh in",
  "uniq in out",
  "tree -o out",
  "rg --pre ./run.sh foo",
  "jq -i . file.json",
  "date -s 2020-01-01",
  "date 010100002020",
  "env rm x",
  "env -S 'rm x'",
  "file -C -m magic",
  "ls &",
  "sleep 1 & ls",
  "FOO=1 ls",
  "X=1",
  "export PATH=/tmp",
  "ls $HOME",
  "cat ~/.ssh/id_rsa",
  "ls ~",
  "ls {..,.}/x",
  "ls */../../x",
  "$CMD",
  '"$CMD" -la',
  "f() { cat x; }; f",
  "if true; then ls; fi",
  "for f in *; do cat $f; done",
  "while true; do ls; done",
  "xargs cat",
  "bash -c ls",
  "sh -c 'ls'",
  "eval ls",
  "exec ls",
  "sudo ls",
  "nohup ls",
  'echo "unterminated',
  "ls $(",
  "r\\\nm -rf x",
  "[[ 'a[$(id)]' -eq 1 ]]",
  "test -v 'a[x]'",
  "cat < ../other/x",
  "printf x > out",
  "tee out",
  "cp a b",
  "mv a b",
  "touch x",
  "mkdir x",
  "chmod +x x",
  "npm test",
  "curl http://example.com",
];

describe("the read-only verdict", () => {
  it.each(READ_ONLY.map((c) => [c]))("allows %j", async (command) => {
    expect(await verdict(command)).toEqual({ readOnly: true });
  });

  it.each(NOT_READ_ONLY.map((c) => [c]))("refuses %j", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("says why a command is not read-only", async () => {
    const reason = async (command: string) => {
      const found = await verdict(command);
      return found.readOnly ? "read-only" : found.reason;
    };
    expect(await reason("ls; rm -rf x")).toMatch(/rm/);
    expect(await reason("cat a > b")).toMatch(/b/);
    expect(await reason("ls ../..")).toBe("../.. is outside the working folders");
    expect(await reason("find . -delete")).toMatch(/-delete/);
  });

  it("accepts paths inside any of the working folders", async () => {
    const other = join(root, "other");
    expect(await readOnly(`ls ${other}`, work, [work, other])).toBe(true);
    expect(await readOnly(`ls ${other}`, work, [work])).toBe(false);
  });

  it("checks paths after a cd from both directories (the cd may not have happened)", async () => {
    expect(await readOnly("cd src && cat deep/x")).toBe(true);
    expect(await readOnly("cd src && cat ../package.json")).toBe(false);
    expect(await readOnly("cd src && cat ../package.json", work, [root])).toBe(true);
  });

  it("resolves relative paths from the given directory", async () => {
    expect(await readOnly("ls ..", join(work, "src"))).toBe(true);
    expect(await readOnly("ls ../..", join(work, "src"))).toBe(false);
  });

  it("never calls a compound command read-only when one part writes", async () => {
    const readers = ["ls", "cat package.json", "git status", "pwd", "grep -r x src"];
    const writers = ["rm -rf x", "cat a > b", "git push", "echo $(rm x)", "find . -delete"];
    const operators = ["&&", "||", ";", "|", "\n"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...readers), { maxLength: 3 }),
        fc.constantFrom(...writers),
        fc.array(fc.constantFrom(...readers), { maxLength: 3 }),
        fc.array(fc.constantFrom(...operators), { minLength: 7, maxLength: 7 }),
        async (before, writer, after, ops) => {
          const parts = [...before, writer, ...after];
          const command = parts.map((p, i) => (i === 0 ? p : `${ops[i - 1]} ${p}`)).join(" ");
          expect(await readOnly(command)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
