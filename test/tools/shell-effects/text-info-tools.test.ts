import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import { effectsIn, readOnlyIn, realPaths, usePlace } from "./helpers.js";

// The text tools (text-filters.ts) and the file and system reporters (file-info.ts): their
// everyday forms stay read-only, the options that write, run a program, read names from
// elsewhere or follow links do not, and every file they read or write is named.
const place = usePlace();
beforeAll(async () => {
  await loadShellParser();
});

const readOnly = async (command: string) => (await readOnlyIn(place(), command)).readOnly;
const reads = async (command: string) =>
  realPaths(place(), (await effectsIn(place(), command)).reads);
const writes = async (command: string) =>
  realPaths(place(), (await effectsIn(place(), command)).writes);
/** Each read as `use:path`. */
const uses = async (command: string) =>
  (await effectsIn(place(), command)).reads.flatMap((access) =>
    realPaths(place(), [access]).map((path) => `${access.use}:${path}`),
  );

const TEXT_EVERYDAY = [
  "sort -u README.md",
  "sort -t, -k2 -n README.md",
  "sort -rn -k 3,3 README.md src/a.ts",
  "sort -T /tmp -S 1M README.md",
  "sort --check=quiet README.md",
  "sort -z --random-sort --random-source=README.md README.md",
  "uniq -c README.md",
  "uniq -D --skip-fields=1 README.md",
  "uniq --all-repeated=separate README.md",
  "cut -d: -f1 README.md",
  "cut --complement -c 1-3 README.md",
  "tr a-z A-Z",
  "tr -d '\\r' < README.md",
  "tr -cs A-Za-z '\\n'",
  "paste -sd, README.md",
  "join -t, -1 2 -2 1 README.md src/a.ts",
  "comm -12 README.md src/a.ts",
  "fold -w 80 README.md",
  "fold -60 README.md",
  "expand -t 4 README.md",
  "unexpand -a README.md",
  "column -t -s, README.md",
  "nl -ba README.md",
  "tac README.md",
  "od -c README.md",
  "od -An -tx1 -N 16 README.md",
  "od -w README.md",
  "od -A x -t x1z -v --width=8 README.md",
  "base64 README.md",
  "base64 -d -w0 README.md",
  "base32 README.md",
  "xxd README.md",
  "xxd -l 64 -c 16 README.md",
  "xxd -p README.md",
  "xxd -r -p README.md",
  "xxd -ps README.md",
  "xxd -s -16 -c 8 -g 1 README.md",
  "xxd -i -n name -- README.md",
  "hexdump -C README.md",
  "strings -n 8 README.md",
  "strings -s , -U e README.md",
  "seq 10",
  "seq -s, -w 1 10",
  "rev README.md",
  "fmt -w 72 README.md",
  "pr -h title README.md",
  "shuf -n 3 README.md",
  "shuf -e a b c",
  "shuf -i 1-10",
  "wc -l src/*.ts",
  "cat README.md | sort | uniq -c | sort -rn | head",
];

const INFO_EVERYDAY = [
  "du -sh src",
  "du -ah --max-depth=1 .",
  "du -sh -- src/*",
  "stat README.md",
  "stat -c %s README.md",
  "stat --printf='%n %s\\n' src/a.ts",
  "file README.md",
  "file -bi src/a.ts",
  "file --mime-type README.md",
  "df -h",
  "df -h .",
  "realpath src/a.ts",
  "realpath --relative-to=src README.md",
  "readlink -f src/a.ts",
  "basename /a/b",
  "basename -s .ts src/a.ts",
  "dirname /a/b",
  "date",
  "date +%s",
  "date -u +%Y-%m-%dT%H:%M:%S",
  "date -d yesterday +%F",
  "date --iso-8601=seconds",
  "date -r README.md",
  "whoami",
  "id",
  "id -un",
  "groups",
  "uname -a",
  "arch",
  "hostname",
  "hostname -f",
  "hostname -I",
  "nproc",
  "which git",
  "which -a node",
  "printenv HOME",
  "sleep 1",
  "tty",
  "md5sum README.md",
  "sha1sum README.md",
  "sha256sum README.md",
  "sha256sum src/*.ts",
  "sha512sum --tag README.md",
  "b2sum -l 256 README.md",
  "cksum README.md",
  "cksum -a sha256 README.md",
  "diff README.md src/a.ts",
  "diff -u src/a.ts src/b.ts",
  "diff -c src/a.ts src/b.ts",
  "diff -r src src",
  "diff -ruN src src",
  "diff --brief -r src src",
  "diff -U5 src/a.ts src/b.ts",
  "diff --color=always -u src/a.ts src/b.ts",
  "cmp README.md src/a.ts",
  "cmp -s README.md src/a.ts",
  "sum README.md",
  "sum -s README.md",
  "users",
  "locale",
  "locale -a",
  "locale -k LC_TIME",
  "getconf PAGESIZE",
  "getconf -a",
];

const TEXT_NOT_READ_ONLY = [
  // Writes a file.
  "sort -o out README.md",
  "sort -uo out README.md",
  "sort --output=README.md README.md",
  "uniq README.md out",
  "uniq -c - out",
  "xxd README.md out",
  "xxd -r -p README.md out",
  // xxd reads one option a word, by its first two letters: `-ps` is `-p`, `-ca` is `-c a`.
  "xxd -ps README.md out",
  "xxd -ca 8 README.md",
  "xxd -c8 README.md",
  // od's -w takes its value only in the same word: here README.md is the file read.
  "od -w ../outside/file.txt",
  // strings reads more arguments from an @file.
  "strings @../outside/file.txt",
  "strings -n @names README.md",
  "shuf -o x README.md",
  "shuf --output=x -e a b",
  // Reads names from a file or stdin.
  "sort --files0-from=- ",
  "sort --files0-from=list",
  "wc --files0-from=list",
  // Runs a program.
  "sort --compress-program=sh README.md",
  // Options keel does not know, abbreviations included.
  "sort --out=x README.md",
  "sort --rev README.md",
  "uniq --coun README.md",
  "cut --field=1 README.md",
  "tr --del a",
  "od --wid=8 README.md",
  "xxd -c8 README.md",
  "column --bogus README.md",
  // A word only known at run time where an option may stand.
  'sort "$OPTS" README.md',
  // Reads outside the working folders.
  "sort ../outside/file.txt",
  "sort --random-source=../outside/file.txt README.md",
  "hexdump -f ../outside/file.txt README.md",
  "join README.md ../outside/file.txt",
];

const INFO_NOT_READ_ONLY = [
  // Follows symlinks through the tree.
  "du -L src",
  "du --dereference -sh src",
  "du -sLh src",
  // Reads names from a file or stdin.
  "du --files0-from=- ",
  "file -f names",
  "file --files-from names",
  // Reads the files a checksum list names.
  "sha256sum -c sums",
  "md5sum --check sums",
  "sha1sum -c --quiet sums",
  // Changes the system.
  "date -s now",
  "date --set=now",
  "date 0101000025",
  "hostname evil",
  "hostname -F names",
  "hostname -b",
  "hostname --boot",
  "getconf -v POSIX_V7_LP64_OFF64 PAGESIZE",
  "file -C -m magic",
  // Options keel does not know, abbreviations included.
  "du --summ src",
  "diff --recurs src src",
  "stat --form=%s README.md",
  "sha256sum --chec sums",
  // Reads outside the working folders.
  "du -sh ../outside",
  "diff -r src ../outside",
  "diff --from-file=../outside/file.txt README.md",
  "diff -X ../outside/file.txt src src",
  "du -X ../outside/file.txt src",
  "date -f ../outside/file.txt",
  "file -m ../outside/file.txt README.md",
  "file -m README.md:../outside/file.txt README.md",
  "stat ../outside/file.txt",
  "cmp README.md ../outside/file.txt",
];

describe("text tools", () => {
  it.each(TEXT_EVERYDAY.map((c) => [c]))("read-only: %s", async (command) => {
    expect(await readOnlyIn(place(), command)).toEqual({ readOnly: true });
  });

  it.each(TEXT_NOT_READ_ONLY.map((c) => [c]))("not read-only: %s", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("names the files they read, and reads no text operands", async () => {
    expect(await reads("sort -k2 README.md src/a.ts")).toEqual([
      "project/README.md",
      "project/src/a.ts",
    ]);
    expect(await reads("sort --random-source=secrets/key README.md")).toEqual([
      "project/README.md",
      "project/secrets/key",
    ]);
    expect(await reads("cut -d: -f1 secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("hexdump -f secrets/key README.md")).toContain("project/secrets/key");
    expect(await reads("comm -3 secrets/key README.md")).toContain("project/secrets/key");
    expect(await reads("xxd secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("xxd -ps secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("od -w secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("shuf secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("wc -l src/*.ts")).toEqual([
      "project/src/*.ts",
      "project/src/a.ts",
      "project/src/b.ts",
    ]);
    for (const command of [
      "tr secrets/key x",
      "seq 1 secrets/key",
      "shuf -e secrets/key",
      "shuf -i 1-3",
    ]) {
      expect(await reads(command), command).toEqual([]);
    }
  });

  it("names the files they write", async () => {
    expect(await writes("sort -o out README.md")).toEqual(["project/out"]);
    expect(await writes("sort --output=src/a.ts README.md")).toEqual(["project/src/a.ts"]);
    expect(await writes("uniq README.md out")).toEqual(["project/out"]);
    expect(await reads("uniq README.md out")).toEqual(["project/README.md"]);
    expect(await writes("xxd -r README.md src/b.ts")).toEqual(["project/src/b.ts"]);
    expect(await writes("xxd -ps README.md out")).toEqual(["project/out"]);
    expect(await writes("shuf -o x README.md")).toEqual(["project/x"]);
    expect(await writes("sort -u README.md")).toEqual([]);
  });

  it("says why a form is not read-only", async () => {
    const list = await effectsIn(place(), "sort --files0-from=names");
    expect(realPaths(place(), list.reads)).toEqual(["project/names"]);
    expect(list.unresolvedReads.map((read) => read.reason)).toEqual([
      "--files0-from reads the names of more files from names",
    ]);
    expect(list.notReadOnly.join(" ")).toMatch(/files0-from/);
    const compress = await effectsIn(place(), "sort --compress-program=sh README.md");
    expect(compress.opaque.join(" ")).toMatch(/compress-program/);
    const guessed = await effectsIn(place(), "sort --out=x README.md");
    expect(guessed.notReadOnly.join(" ")).toMatch(/--out is not an option/);
  });
});

describe("file and system reporters", () => {
  it.each(INFO_EVERYDAY.map((c) => [c]))("read-only: %s", async (command) => {
    expect(await readOnlyIn(place(), command)).toEqual({ readOnly: true });
  });

  it.each(INFO_NOT_READ_ONLY.map((c) => [c]))("not read-only: %s", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("reads trees where the program walks them", async () => {
    expect(await uses("du -sh src")).toEqual(["tree:project/src"]);
    expect(await uses("du -s")).toEqual(["tree:project"]);
    expect(await uses("diff -r src ../outside")).toEqual(["tree:project/src", "tree:outside"]);
    // A folder operand is compared file by file, with or without -r.
    expect(await uses("diff src/a.ts src")).toEqual(["tree:project/src/a.ts", "tree:project/src"]);
    expect(await uses("diff -r --from-file=. src")).toEqual(["tree:project/src", "tree:project"]);
    expect(await uses("stat -c %s README.md")).toEqual(["entry:project/README.md"]);
  });

  it("names the files their options read", async () => {
    expect(await reads("diff --from-file=secrets/key README.md")).toEqual([
      "project/README.md",
      "project/secrets/key",
    ]);
    expect(await reads("diff -u --to-file=src/a.ts src/b.ts")).toEqual([
      "project/src/a.ts",
      "project/src/b.ts",
    ]);
    expect(await reads("diff -X secrets/key -r src src")).toContain("project/secrets/key");
    expect(await reads("du -X secrets/key -sh src")).toEqual([
      "project/secrets/key",
      "project/src",
    ]);
    expect(await reads("date -f secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("date -r secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("file -m secrets/key README.md")).toEqual([
      "project/README.md",
      "project/secrets/key",
    ]);
    expect(await reads("file -m secrets/key:src/a.ts README.md")).toEqual([
      "project/README.md",
      "project/secrets/key",
      "project/src/a.ts",
    ]);
    expect(await reads("sha256sum secrets/key")).toEqual(["project/secrets/key"]);
    expect(await reads("cmp secrets/key README.md")).toContain("project/secrets/key");
    expect(await reads("stat secrets-link/key")).toEqual(["project/secrets/key"]);
  });

  it("reads no text operands", async () => {
    for (const command of [
      "basename secrets/key",
      "dirname secrets/key",
      "which secrets/key",
      "printenv secrets/key",
      "date +secrets/key",
      "id secrets",
    ]) {
      expect(await reads(command), command).toEqual([]);
    }
  });

  it("says why a form is not read-only", async () => {
    const check = await effectsIn(place(), "sha256sum -c sums");
    expect(realPaths(place(), check.reads)).toEqual(["project/sums"]);
    expect(check.notReadOnly.join(" ")).toMatch(/checksum list/);
    const links = await effectsIn(place(), "du -L src");
    expect(links.notReadOnly.join(" ")).toMatch(/follows symlinks/);
    const list = await effectsIn(place(), "du --files0-from=- ");
    expect(list.notReadOnly.join(" ")).toMatch(/files0-from/);
    const set = await effectsIn(place(), "date -s now");
    expect(set.notReadOnly.join(" ")).toMatch(/-s is not a read-only option/);
    const host = await effectsIn(place(), "hostname evil");
    expect(host.notReadOnly.join(" ")).toMatch(/changes the system/);
  });
});
