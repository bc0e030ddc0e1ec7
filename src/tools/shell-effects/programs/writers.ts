import { basename } from "node:path";
import type { ShellWord } from "../../shell-parse/index.js";
import type { OptionScan, OptionTable } from "../option-scan.js";
import type { PathUse, ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { literal, type OperandRule, tableSpec } from "./table-spec.js";

/**
 * Programs that write the files they are given (coreutils' manipulators). They are never
 * read-only; their specs say exactly which operands are written, so that Edit deny rules and
 * the safety checks see every target. Arguments that do not fit make keel guess (any argument
 * may be written).
 */
function writer(name: string, table: OptionTable, operands: OperandRule): ProgramSpec {
  const spec = tableSpec(table, (scan, context) => ({
    ...operands(scan, context),
    notReadOnly: `${name} changes files`,
  }));
  // Arguments that do not fit leave a guess, but not about whether it writes: it does.
  return (args, context) => {
    const use = spec(args, context);
    return use.modelled ? use : { ...use, writesFiles: true };
  };
}

const entries = (words: readonly ShellWord[], use: PathUse): WordUse[] =>
  words.map((word) => ({ word, use }));
const recursive = (scan: OptionScan) => (scan.has("-r") || scan.has("-R") ? "tree" : "entry");

const allWritten =
  (use: (scan: OptionScan) => PathUse = () => "entry"): OperandRule =>
  (scan) => ({ writes: entries(scan.operands, use(scan)) });

/** `cp`, `mv`, `install`: sources and a destination, or `-t DIR`, or `-T SRC DEST`. */
function copyOperands(sourcesWritten: boolean, use: (scan: OptionScan) => PathUse): OperandRule {
  return (scan) => {
    const target = scan.values("-t");
    const sources = target.length > 0 ? scan.operands : scan.operands.slice(0, -1);
    const destinations = target.length > 0 ? target : scan.operands.slice(-1);
    const how = use(scan);
    return {
      reads: entries(sources, how),
      writes: [...entries(destinations, "tree"), ...(sourcesWritten ? entries(sources, how) : [])],
    };
  };
}

const BACKUP = {
  b: "flag",
  S: "text",
} as const;

export const rmSpec = writer(
  "rm",
  {
    short: { f: "flag", i: "flag", I: "flag", r: "flag", R: "flag", d: "flag", v: "flag" },
    long: {
      "--force": ["flag", "-f"],
      "--interactive": "optional",
      "--one-file-system": "flag",
      "--no-preserve-root": "flag",
      "--preserve-root": "optional",
      "--recursive": ["flag", "-r"],
      "--dir": ["flag", "-d"],
      "--verbose": ["flag", "-v"],
    },
  },
  allWritten(recursive),
);

export const rmdirSpec = writer(
  "rmdir",
  {
    short: { p: "flag", v: "flag" },
    long: {
      "--parents": ["flag", "-p"],
      "--ignore-fail-on-non-empty": "flag",
      "--verbose": ["flag", "-v"],
    },
  },
  allWritten(),
);

export const touchSpec = writer(
  "touch",
  {
    short: {
      a: "flag",
      c: "flag",
      m: "flag",
      h: "flag",
      f: "flag",
      d: "text",
      r: "read",
      t: "text",
    },
    long: {
      "--no-create": ["flag", "-c"],
      "--date": ["text", "-d"],
      "--reference": ["read", "-r"],
      "--time": "text",
      "--no-dereference": ["flag", "-h"],
    },
  },
  allWritten(),
);

export const mkdirSpec = writer(
  "mkdir",
  {
    short: { p: "flag", v: "flag", m: "text", Z: "flag" },
    long: {
      "--parents": ["flag", "-p"],
      "--verbose": ["flag", "-v"],
      "--mode": ["text", "-m"],
      "--context": "optional",
    },
  },
  allWritten(),
);

export const teeSpec = writer(
  "tee",
  {
    short: { a: "flag", i: "flag", p: "flag" },
    long: {
      "--append": ["flag", "-a"],
      "--ignore-interrupts": ["flag", "-i"],
      "--output-error": "optional",
    },
  },
  allWritten(),
);

export const truncateSpec = writer(
  "truncate",
  {
    short: { c: "flag", o: "flag", r: "read", s: "text" },
    long: {
      "--no-create": ["flag", "-c"],
      "--io-blocks": ["flag", "-o"],
      "--reference": ["read", "-r"],
      "--size": ["text", "-s"],
    },
  },
  allWritten(),
);

const TARGET = {
  "--target-directory": ["write", "-t"],
  "--no-target-directory": ["flag", "-T"],
  "--backup": "optional",
  "--suffix": ["text", "-S"],
  "--verbose": ["flag", "-v"],
  "--force": ["flag", "-f"],
  "--interactive": ["flag", "-i"],
  "--context": "optional",
} as const;

export const mvSpec = writer(
  "mv",
  {
    short: {
      ...BACKUP,
      f: "flag",
      i: "flag",
      n: "flag",
      t: "write",
      T: "flag",
      u: "flag",
      v: "flag",
      Z: "flag",
    },
    long: {
      ...TARGET,
      "--no-clobber": ["flag", "-n"],
      "--update": "optional",
      "--strip-trailing-slashes": "flag",
      "--exchange": "flag",
    },
  },
  copyOperands(true, () => "tree"),
);

export const cpSpec = writer(
  "cp",
  {
    short: {
      ...BACKUP,
      a: "flag",
      d: "flag",
      f: "flag",
      i: "flag",
      H: "flag",
      l: "flag",
      L: "flag",
      n: "flag",
      P: "flag",
      p: "flag",
      R: "flag",
      r: "flag",
      s: "flag",
      t: "write",
      T: "flag",
      u: "flag",
      v: "flag",
      x: "flag",
      Z: "flag",
    },
    long: {
      ...TARGET,
      "--archive": ["flag", "-a"],
      "--attributes-only": "flag",
      "--copy-contents": "flag",
      "--debug": "flag",
      "--link": ["flag", "-l"],
      "--dereference": ["flag", "-L"],
      "--no-clobber": ["flag", "-n"],
      "--no-dereference": ["flag", "-P"],
      "--preserve": "optional",
      "--no-preserve": "text",
      "--parents": "flag",
      "--recursive": ["flag", "-r"],
      "--reflink": "optional",
      "--remove-destination": "flag",
      "--sparse": "text",
      "--strip-trailing-slashes": "flag",
      "--symbolic-link": ["flag", "-s"],
      "--update": "optional",
      "--one-file-system": ["flag", "-x"],
      "--keep-directory-symlink": "flag",
    },
  },
  copyOperands(false, (scan) =>
    scan.has("-r") || scan.has("-R") || scan.has("-a") ? "tree" : "entry",
  ),
);

/** `ln`: the links are written; what they point at is only named. */
export const lnSpec = writer(
  "ln",
  {
    short: {
      ...BACKUP,
      d: "flag",
      F: "flag",
      f: "flag",
      i: "flag",
      L: "flag",
      n: "flag",
      P: "flag",
      r: "flag",
      s: "flag",
      t: "write",
      T: "flag",
      v: "flag",
    },
    long: {
      ...TARGET,
      "--directory": ["flag", "-d"],
      "--logical": ["flag", "-L"],
      "--no-dereference": ["flag", "-n"],
      "--physical": ["flag", "-P"],
      "--relative": ["flag", "-r"],
      "--symbolic": ["flag", "-s"],
    },
  },
  (scan) => {
    if (scan.values("-t").length > 0) return {};
    const [only, ...more] = scan.operands;
    if (only && more.length === 0)
      return { writes: [{ word: literal(basename(only.value)), use: "entry" }] };
    return { writes: entries(scan.operands.slice(-1), "entry") };
  },
);

export const installSpec = writer(
  "install",
  {
    short: {
      ...BACKUP,
      c: "flag",
      C: "flag",
      d: "flag",
      D: "flag",
      g: "text",
      m: "text",
      o: "text",
      p: "flag",
      s: "flag",
      t: "write",
      T: "flag",
      v: "flag",
      Z: "flag",
    },
    long: {
      ...TARGET,
      "--compare": ["flag", "-C"],
      "--directory": ["flag", "-d"],
      "--group": ["text", "-g"],
      "--mode": ["text", "-m"],
      "--owner": ["text", "-o"],
      "--preserve-timestamps": ["flag", "-p"],
      "--strip": ["flag", "-s"],
      "--strip-program": "exec",
      "--preserve-context": "flag",
    },
  },
  (scan, context) =>
    scan.has("-d")
      ? { writes: entries(scan.operands, "entry") }
      : copyOperands(false, () => "entry")(scan, context),
);

/** `dd if=… of=…`: operands are `key=value`. */
export const ddSpec: ProgramSpec = (args) => {
  const use: ProgramUse = { reads: [], writes: [], modelled: true, notReadOnly: "dd copies data" };
  for (const word of args) {
    const match = /^(if|of)=(.*)$/s.exec(word.value);
    if (!match) continue;
    const file: ShellWord = { text: word.text, value: match[2] as string, dynamic: word.dynamic };
    (match[1] === "if" ? use.reads : use.writes).push({ word: file, use: "entry" });
  }
  if (args.some((word) => word.dynamic.length > 0))
    use.unknownWrites = "dd's operands are only known at run time";
  return use;
};

/** `chmod`, `chown`, `chgrp`: the first operand is a mode or owner (unless --reference). */
function attributeSpec(name: string): ProgramSpec {
  return writer(
    name,
    {
      short: {
        c: "flag",
        f: "flag",
        v: "flag",
        R: "flag",
        h: "flag",
        H: "flag",
        L: "flag",
        P: "flag",
      },
      long: {
        "--changes": ["flag", "-c"],
        "--silent": ["flag", "-f"],
        "--quiet": ["flag", "-f"],
        "--verbose": ["flag", "-v"],
        "--recursive": ["flag", "-R"],
        "--reference": "read",
        "--preserve-root": "flag",
        "--no-preserve-root": "flag",
        "--dereference": "flag",
        "--no-dereference": ["flag", "-h"],
        "--from": "text",
      },
    },
    (scan) => {
      const files = scan.has("--reference") ? scan.operands : scan.operands.slice(1);
      return { writes: entries(files, scan.has("-R") ? "tree" : "entry") };
    },
  );
}

export const chmodSpec = attributeSpec("chmod");
export const chownSpec = attributeSpec("chown");
export const chgrpSpec = attributeSpec("chgrp");

export const shredSpec = writer(
  "shred",
  {
    short: { f: "flag", n: "text", s: "text", u: "flag", v: "flag", x: "flag", z: "flag" },
    long: {
      "--force": ["flag", "-f"],
      "--iterations": ["text", "-n"],
      "--random-source": "read",
      "--size": ["text", "-s"],
      "--remove": "optional",
      "--verbose": ["flag", "-v"],
      "--exact": ["flag", "-x"],
      "--zero": ["flag", "-z"],
    },
  },
  allWritten(),
);

export const unlinkSpec = writer("unlink", {}, allWritten());

export const mkfifoSpec = writer(
  "mkfifo",
  { short: { m: "text", Z: "flag" }, long: { "--mode": ["text", "-m"], "--context": "optional" } },
  allWritten(),
);
