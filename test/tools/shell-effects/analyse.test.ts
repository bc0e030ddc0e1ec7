import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import { effectsIn, readOnlyIn, realPaths, usePlace } from "./helpers.js";

const place = usePlace();
beforeAll(async () => {
  await loadShellParser();
});

const reads = async (command: string, cwd?: string) =>
  realPaths(place(), (await effectsIn(place(), command, cwd)).reads);
const writes = async (command: string) =>
  realPaths(place(), (await effectsIn(place(), command)).writes);
const opaque = async (command: string) => (await effectsIn(place(), command)).opaque;
const runs = async (command: string) =>
  (await effectsIn(place(), command)).runs.map(
    (run) => `${run.name ?? "?"}:${run.words.join(" ")}`,
  );

describe("paths are judged as bash and the kernel would use them", () => {
  it("expands globs against the real folder, leaving dot files to patterns that name them", async () => {
    expect(await reads("cat src/*.ts")).toEqual([
      "project/src/*.ts",
      "project/src/a.ts",
      "project/src/b.ts",
    ]);
    expect(await reads("cat secre*/key")).toContain("project/secrets/key");
    expect(await reads("cat .gi?/config")).toContain("project/.git/config");
    expect(await reads("cat *")).not.toContain("project/.env");
    expect(await reads("cat .e*")).toContain("project/.env");
  });

  it("takes quoted and escaped wildcards literally", async () => {
    expect(await reads('cat "src/*.ts"')).toEqual(["project/src/*.ts"]);
    expect(await reads("cat src/\\*.ts")).toEqual(["project/src/*.ts"]);
  });

  it("follows each symlink as it is met, so `link/..` is the parent of the link's target", async () => {
    expect(await reads("cat link-out/../home/.bashrc")).toEqual(["home/.bashrc"]);
    expect(await reads("cat l*/file.txt")).toContain("outside/file.txt");
    expect(await reads("cat secrets-link/key")).toEqual(["project/secrets/key"]);
  });

  it("follows a dangling link to where a write through it would land", async () => {
    expect(await writes("echo x > dangling")).toEqual(["home/.bashrc-new"]);
  });

  it("resolves `~` to the shell's home and keeps run-time paths unresolved", async () => {
    expect(await reads("cat ~/.bashrc")).toEqual(["home/.bashrc"]);
    const effects = await effectsIn(place(), "echo x >> $HOME/.bashrc; cat $'secrets/key\\0x'");
    const certain = effects.unresolvedWrites.filter((write) => write.certain);
    expect(certain.map((write) => write.text)).toEqual(["$HOME/.bashrc"]);
    expect(effects.unresolvedReads.map((read) => read.text)).toEqual(["$'secrets/key\\0x'"]);
  });
});

describe("the shell's folder", () => {
  it("follows cd and pushd to later commands (keeping where it started, a cd may fail)", async () => {
    expect(await reads("cd secrets && cat key")).toEqual([
      "project/key",
      "project/secrets",
      "project/secrets/key",
    ]);
    expect(await reads("pushd secrets; cat key")).toContain("project/secrets/key");
  });

  it("starts from the folder it is given (the Bash tool's current folder)", async () => {
    expect(await reads("cat key", join(place().project, "secrets"))).toEqual([
      "project/secrets/key",
    ]);
  });

  it("loses relative paths after a cd it cannot follow", async () => {
    for (const command of ['cd "$X" && cat key', "cd - && cat key", "popd; cat key"]) {
      const effects = await effectsIn(place(), command);
      expect(
        effects.unresolvedReads.map((r) => r.text),
        command,
      ).toContain("key");
      expect(effects.changesDirectory).toBe(true);
    }
  });
});

describe("programs run through other programs are seen", () => {
  it("peels wrappers, runners and `sh -c` scripts", async () => {
    expect(await runs("timeout 5 rm x")).toContain("rm:rm x");
    expect(await runs("nice -n 5 nohup rm x")).toContain("rm:rm x");
    expect(await runs("env -S 'rm x'")).toContain("rm:rm x");
    expect(await runs("env A=1 command rm x")).toContain("rm:rm x");
    expect(await runs("exec rm x")).toContain("rm:rm x");
    expect(await runs("setsid rm x")).toContain("rm:rm x");
    expect(await runs("bash -lc 'rm x'")).toContain("rm:rm x");
    expect(await runs('sh -c "cd src; rm x"')).toContain("rm:rm x");
    expect(await writes("bash -c 'rm x'")).toEqual(["project/x"]);
  });

  it("names a program given by a system path by its file, and nothing else", async () => {
    expect(await runs("/bin/rm x")).toEqual(["rm:rm x"]);
    expect(await opaque("./rm x")).toHaveLength(1);
    expect(await opaque("$(echo rm) x")).toHaveLength(1);
  });

  it("gives xargs' command more arguments at run time", async () => {
    const effects = await effectsIn(place(), "echo README.md | xargs rm");
    expect(effects.runs.find((run) => run.name === "rm")).toMatchObject({ openEnded: true });
    expect(effects.unresolvedWrites[0]).toMatchObject({ certain: true });
  });

  it("treats code keel cannot see as opaque", async () => {
    for (const command of [
      "eval 'rm x'",
      "bash <<< 'rm x'",
      "echo rm x | bash",
      "bash -s",
      'sh -c "$X"',
      "python3 -c 'print(1)'",
      "python3 -Bc 'print(1)'",
      "python3",
      "python3 -W ignore",
      "node -e 1",
      "perl -pi -e s/a/b/ f",
      "ruby -e 1",
      "sudo ls",
      "f() { ls; }; f",
      "trap 'rm x' EXIT",
      "coproc rm x",
      "zsh -c 'rm x'",
      "PATH=. ls",
      "GIT_EXTERNAL_DIFF=x git diff",
      "export LD_PRELOAD=/tmp/x.so",
      "printf -v 'x[$(touch P)]' 1",
      "declare -a 'a[$(touch P)]'",
      "[[ 'a[$(touch P)]' -eq 1 ]]",
      "test -v 'a[$(touch P)]'",
      "(( x ))",
      "echo $(( a[1] ))",
      "cat <<EOF\n  $(touch P)\nEOF",
      "cat <<EOF\n`touch P`\nEOF",
      "set -k",
      'ls "unterminated',
    ]) {
      expect(await opaque(command), command).not.toEqual([]);
    }
  });

  it("runs scripts from files without calling them opaque (deny rules cannot see inside)", async () => {
    for (const command of [
      "python3 x.py",
      "bash build.sh",
      "node index.js",
      "source venv/bin/activate",
    ]) {
      expect(await opaque(command), command).toEqual([]);
      expect((await readOnlyIn(place(), command)).readOnly).toBe(false);
    }
  });

  it("leaves harmless forms alone", async () => {
    for (const command of [
      "printf -v x '%s' 1",
      "[ 1 -eq 1 ]",
      "set -euo pipefail",
      "LC_ALL=C sort README.md",
      "cat <<'EOF'\n$(touch P)\nEOF",
    ]) {
      expect(await opaque(command), command).toEqual([]);
    }
  });
});

describe("writes", () => {
  it("names every file a writer changes", async () => {
    expect(await writes("rm -rf src")).toEqual(["project/src"]);
    expect(await writes("cp -t src README.md")).toEqual(["project/src"]);
    expect(await writes("cp README.md src/x")).toEqual(["project/src/x"]);
    expect(await writes("mv README.md src")).toEqual(["project/README.md", "project/src"]);
    expect(await writes("dd if=README.md of=src/a.ts")).toEqual(["project/src/a.ts"]);
    expect(await writes("ln -sf /etc/hostname src/a.ts")).toEqual(["project/src/a.ts"]);
    expect(await writes("install -m 755 README.md .git/hooks/pre-commit")).toEqual([
      "project/.git/hooks/pre-commit",
    ]);
    expect(await writes("tee -a out < README.md")).toEqual(["project/out"]);
    expect(await writes("echo x > .gi?/config")).toContain("project/.git/config");
  });

  it("guesses that a program it does not model may touch any path it names", async () => {
    const effects = await effectsIn(place(), "mytool -a x .git/hooks/");
    expect(effects.writes.every((write) => !write.certain)).toBe(true);
    expect(realPaths(place(), effects.writes)).toContain("project/.git/hooks");
    // One that always writes (it copies, fetches, unpacks or patches) writes for certain.
    const rsync = await effectsIn(place(), "rsync -a x .git/hooks/");
    expect(rsync.writes.every((write) => write.certain)).toBe(true);
  });
});

describe("the read-only verdict", () => {
  it("allows plain reads inside the folders", async () => {
    for (const command of [
      "ls -la src",
      "cat src/*.ts | wc -l",
      "head -5 README.md",
      "cd src && ls",
      "timeout 5 cat README.md",
      "LC_ALL=C ls",
    ]) {
      expect(await readOnlyIn(place(), command), command).toEqual({ readOnly: true });
    }
  });

  it("refuses reads that leave the folders, writes and anything computed", async () => {
    for (const command of [
      "cat ../outside/file.txt",
      "cat link-out/file.txt",
      "ls link-out",
      "cat l*/file.txt",
      "cat link-out/../home/.bashrc",
      "cat ~/.bashrc",
      "ls > out",
      "cat $X",
      "ls -LR",
      "ls & ls",
      "FOO=1 ls",
      "cat <(ls)",
      "ls $(pwd)",
    ]) {
      expect((await readOnlyIn(place(), command)).readOnly, command).toBe(false);
    }
  });
});

describe("a writer whose arguments keel cannot read", () => {
  const certainWrites = async (command: string) =>
    (await effectsIn(place(), command)).unresolvedWrites
      .filter((write) => write.certain)
      .map((write) => write.text);

  it("still writes for certain what it is given (a target decoded at run time)", async () => {
    expect(await certainWrites('echo x | tee "$(echo x)"')).toEqual(['"$(echo x)"']);
    expect(await certainWrites('cp a "$t"')).toContain('"$t"');
    expect(await certainWrites('sed -i s/a/b/ "$(echo x)"')).toEqual(['"$(echo x)"']);
    expect(await certainWrites('sed -i.bak s/a/b/ "$f"')).toEqual(['"$f"']);
    expect(await certainWrites('patch "$(echo x)" p.diff')).toContain('"$(echo x)"');
    expect(await certainWrites('git config --file "$(echo x)" a.b c')).toEqual(['"$(echo x)"']);
  });

  it("leaves a reader's guess uncertain: it may not write at all", async () => {
    expect(await certainWrites('grep "$(echo x)" f')).toEqual([]);
    expect(await certainWrites('sed -n p "$(echo x)"')).toEqual([]);
    expect(await certainWrites('ls "$HOME"')).toEqual([]);
  });
});
