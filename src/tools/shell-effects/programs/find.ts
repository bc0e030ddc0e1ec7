import type { ShellWord } from "../../shell-parse/index.js";
import type { NestedRun, ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { followsLinks } from "./file-readers.js";
import { guessedUse } from "./guessed-use.js";
import { literal } from "./table-spec.js";

/** What an expression word of GNU find does with the words after it. */
type Primary =
  | { kind: "none" }
  | { kind: "text"; count: number }
  | { kind: "read" }
  | { kind: "write"; count: number }
  | { kind: "list" }
  | { kind: "exec" }
  | { kind: "delete" }
  | { kind: "follow" };

const NONE: Primary = { kind: "none" };
const TEXT: Primary = { kind: "text", count: 1 };

const PRIMARIES: Readonly<Record<string, Primary>> = {
  ...Object.fromEntries(
    [
      "-print",
      "-print0",
      "-ls",
      "-prune",
      "-quit",
      "-true",
      "-false",
      "-empty",
      "-readable",
      "-writable",
      "-executable",
      "-nouser",
      "-nogroup",
      "-depth",
      "-d",
      "-mount",
      "-xdev",
      "-noleaf",
      "-ignore_readdir_race",
      "-noignore_readdir_race",
      "-daystart",
      "-not",
      "!",
      "(",
      ")",
      "-a",
      "-o",
      "-and",
      "-or",
      ",",
      "-help",
      "--help",
      "-version",
      "--version",
      "-nowarn",
      "-warn",
    ].map((name) => [name, NONE]),
  ),
  ...Object.fromEntries(
    [
      "-name",
      "-iname",
      "-path",
      "-ipath",
      "-wholename",
      "-iwholename",
      "-regex",
      "-iregex",
      "-regextype",
      "-type",
      "-xtype",
      "-size",
      "-perm",
      "-user",
      "-group",
      "-uid",
      "-gid",
      "-links",
      "-inum",
      "-mtime",
      "-mmin",
      "-atime",
      "-amin",
      "-ctime",
      "-cmin",
      "-used",
      "-maxdepth",
      "-mindepth",
      "-printf",
      "-lname",
      "-ilname",
      "-fstype",
      "-context",
    ].map((name) => [name, TEXT]),
  ),
  "-newer": { kind: "read" },
  "-anewer": { kind: "read" },
  "-cnewer": { kind: "read" },
  "-samefile": { kind: "read" },
  "-fprint": { kind: "write", count: 1 },
  "-fprint0": { kind: "write", count: 1 },
  "-fls": { kind: "write", count: 1 },
  "-fprintf": { kind: "write", count: 2 },
  "-files0-from": { kind: "list" },
  "-exec": { kind: "exec" },
  "-execdir": { kind: "exec" },
  "-ok": { kind: "exec" },
  "-okdir": { kind: "exec" },
  "-delete": { kind: "delete" },
  "-follow": { kind: "follow" },
};

/** `-newerXY`: the reference is a file unless Y is `t` (a date). */
function primaryOf(word: string): Primary | undefined {
  const newer = /^-newer([aBcm])([aBcmt])$/.exec(word);
  if (newer) return newer[2] === "t" ? TEXT : { kind: "read" };
  return Object.hasOwn(PRIMARIES, word) ? PRIMARIES[word] : undefined;
}

const isExpressionStart = (word: string) => word.startsWith("-") || word === "(" || word === "!";

/** `{}` in a command find runs stands for each file found: only known at run time. */
function foundFile(word: ShellWord): ShellWord {
  return word.value.includes("{}") ? { ...word, dynamic: ["other"] } : word;
}

interface FindParse {
  starts: ShellWord[];
  reads: WordUse[];
  writes: WordUse[];
  runs: NestedRun[];
  follows: boolean;
  deletes: boolean;
  lists: boolean;
}

/** Reads find's leading options, starting points and expression; a word it cannot place is a problem. */
function parseFind(args: readonly ShellWord[]): FindParse | { problem: string } {
  const found: FindParse = {
    starts: [],
    reads: [],
    writes: [],
    runs: [],
    follows: false,
    deletes: false,
    lists: false,
  };
  let at = 0;
  for (; at < args.length; at++) {
    const word = args[at] as ShellWord;
    if (word.dynamic.length > 0) return { problem: `${word.text} is only known at run time` };
    if (word.value === "-L") found.follows = true;
    else if (word.value === "-D") at++;
    else if (!["-H", "-P"].includes(word.value) && !/^-O\d$/.test(word.value)) break;
  }
  for (; at < args.length && !isExpressionStart((args[at] as ShellWord).value); at++) {
    const word = args[at] as ShellWord;
    if (word.dynamic.length > 0) return { problem: `${word.text} is only known at run time` };
    found.starts.push(word);
  }
  while (at < args.length) {
    const word = args[at] as ShellWord;
    if (word.dynamic.length > 0) return { problem: `${word.text} is only known at run time` };
    const primary = primaryOf(word.value);
    if (!primary) return { problem: `${word.value} is not an expression keel knows for find` };
    at++;
    if (primary.kind === "exec") {
      const end = args.findIndex((w, i) => i >= at && (w.value === ";" || w.value === "+"));
      if (end === -1) return { problem: `${word.value} has no terminating ; or +` };
      found.runs.push({ words: args.slice(at, end).map(foundFile), openEnded: true });
      at = end + 1;
      continue;
    }
    const needs =
      primary.kind === "text" || primary.kind === "write"
        ? primary.count
        : ["read", "list"].includes(primary.kind)
          ? 1
          : 0;
    const values = args.slice(at, at + needs);
    if (values.length < needs) return { problem: `${word.value} is missing its value` };
    if (values.some((value) => value.dynamic.length > 0))
      return { problem: `${word.value} has a value only known at run time` };
    at += needs;
    if (primary.kind === "read") found.reads.push({ word: values[0] as ShellWord, use: "entry" });
    if (primary.kind === "write") found.writes.push({ word: values[0] as ShellWord, use: "entry" });
    if (primary.kind === "list") found.lists = true;
    if (primary.kind === "delete") found.deletes = true;
    if (primary.kind === "follow") found.follows = true;
  }
  return found;
}

/**
 * GNU find: starting points are read as trees (`.` when none is given); `-exec` and its kin
 * run a program per file (analysed in turn, open-ended); `-delete` writes the trees; `-fprint`
 * and its kin write a file; `-L`/`-follow` follow links; `-files0-from` reads names elsewhere.
 */
export const findSpec: ProgramSpec = (args) => {
  const found = parseFind(args);
  if ("problem" in found) return guessedUse(args, `find: ${found.problem}`);
  const starts = found.starts.length > 0 ? found.starts : [literal(".")];
  const trees: WordUse[] = starts.map((word) => ({ word, use: "tree" }));
  let use: ProgramUse = {
    reads: [...trees, ...found.reads],
    writes: [...found.writes],
    modelled: true,
  };
  if (found.writes.length > 0) use.notReadOnly = `find writes ${found.writes[0]?.word.text}`;
  if (found.deletes) {
    use.writes.push(...trees);
    use.notReadOnly = "find -delete deletes files";
  }
  if (found.runs.length > 0) {
    use.runs = found.runs;
    use.notReadOnly ??= "find -exec runs a program for each file";
  }
  if (found.lists) {
    use.unknownReads = "find -files0-from reads starting points from elsewhere";
    use.notReadOnly ??= use.unknownReads;
  }
  if (found.follows) use = { ...use, ...followsLinks(use, "find -L") } as ProgramUse;
  return use;
};
