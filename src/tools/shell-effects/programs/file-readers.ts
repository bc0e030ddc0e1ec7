import { type FileSystemView, physicalPath } from "../file-system.js";
import type { OptionTable } from "../option-scan.js";
import type { ProgramSpec, ProgramUse } from "../types.js";
import { operandsRead, tableSpec } from "./table-spec.js";

/**
 * Programs that read the files they are given (GNU coreutils 9), each with its whole option
 * grammar: an option not listed makes keel guess, so a table errs only towards asking.
 */
function fileReader(table: OptionTable): ProgramSpec {
  return tableSpec(table, operandsRead("entry"));
}

export const catSpec = fileReader({
  short: {
    A: "flag",
    b: "flag",
    e: "flag",
    E: "flag",
    n: "flag",
    s: "flag",
    t: "flag",
    T: "flag",
    u: "flag",
    v: "flag",
  },
  long: {
    "--show-all": ["flag", "-A"],
    "--number-nonblank": ["flag", "-b"],
    "--show-ends": ["flag", "-E"],
    "--number": ["flag", "-n"],
    "--squeeze-blank": ["flag", "-s"],
    "--show-tabs": ["flag", "-T"],
    "--show-nonprinting": ["flag", "-v"],
    "--help": "flag",
    "--version": "flag",
  },
});

export const headSpec = fileReader({
  short: { c: "text", n: "text", q: "flag", v: "flag", z: "flag" },
  long: {
    "--bytes": ["text", "-c"],
    "--lines": ["text", "-n"],
    "--quiet": ["flag", "-q"],
    "--silent": ["flag", "-q"],
    "--verbose": ["flag", "-v"],
    "--zero-terminated": ["flag", "-z"],
    "--help": "flag",
    "--version": "flag",
  },
  numeric: "-n",
});

export const tailSpec = fileReader({
  short: { c: "text", f: "flag", F: "flag", n: "text", q: "flag", s: "text", v: "flag", z: "flag" },
  long: {
    "--bytes": ["text", "-c"],
    "--follow": "optional",
    "--lines": ["text", "-n"],
    "--max-unchanged-stats": "text",
    "--pid": "text",
    "--quiet": ["flag", "-q"],
    "--silent": ["flag", "-q"],
    "--retry": "flag",
    "--sleep-interval": ["text", "-s"],
    "--verbose": ["flag", "-v"],
    "--zero-terminated": ["flag", "-z"],
    "--help": "flag",
    "--version": "flag",
  },
  numeric: "-n",
});

export const wcSpec = fileReader({
  short: { c: "flag", m: "flag", l: "flag", L: "flag", w: "flag" },
  long: {
    "--bytes": ["flag", "-c"],
    "--chars": ["flag", "-m"],
    "--lines": ["flag", "-l"],
    "--files0-from": "list",
    "--max-line-length": ["flag", "-L"],
    "--words": ["flag", "-w"],
    "--total": "text",
    "--help": "flag",
    "--version": "flag",
  },
});

/** `ls`: a folder operand is listed (`-R` lists the tree, `-d` only the folder itself). */
export const lsSpec = tableSpec(
  {
    short: Object.fromEntries([
      ...[..."aAbBcCdfFgGhHiklLmnNopqQrRsStuUvxXZ1"].map((letter) => [letter, "flag"] as const),
      ["I", "text"],
      ["T", "text"],
      ["w", "text"],
    ]),
    long: {
      "--all": ["flag", "-a"],
      "--almost-all": ["flag", "-A"],
      "--author": "flag",
      "--escape": ["flag", "-b"],
      "--block-size": "text",
      "--ignore-backups": ["flag", "-B"],
      "--color": "optional",
      "--colour": "optional",
      "--directory": ["flag", "-d"],
      "--dired": "flag",
      "--classify": "optional",
      "--file-type": "flag",
      "--format": "text",
      "--full-time": "flag",
      "--group-directories-first": "flag",
      "--no-group": ["flag", "-G"],
      "--human-readable": ["flag", "-h"],
      "--si": "flag",
      "--dereference-command-line": ["flag", "-H"],
      "--dereference-command-line-symlink-to-dir": "flag",
      "--hide": "text",
      "--hyperlink": "optional",
      "--indicator-style": "text",
      "--inode": ["flag", "-i"],
      "--ignore": ["text", "-I"],
      "--kibibytes": ["flag", "-k"],
      "--dereference": ["flag", "-L"],
      "--numeric-uid-gid": ["flag", "-n"],
      "--literal": ["flag", "-N"],
      "--hide-control-chars": ["flag", "-q"],
      "--show-control-chars": "flag",
      "--quote-name": ["flag", "-Q"],
      "--quoting-style": "text",
      "--reverse": ["flag", "-r"],
      "--recursive": ["flag", "-R"],
      "--size": ["flag", "-s"],
      "--sort": "text",
      "--time": "text",
      "--time-style": "text",
      "--tabsize": ["text", "-T"],
      "--width": ["text", "-w"],
      "--context": ["flag", "-Z"],
      "--zero": "flag",
      "--help": "flag",
      "--version": "flag",
    },
  },
  (scan, context) => {
    // -L with -R follows links through the whole tree: keel does not follow it there.
    if (scan.has("-R") && scan.has("-L"))
      return followsLinks(operandsRead("tree", ".")(scan, context), "ls -LR");
    const use = scan.has("-R") ? "tree" : scan.has("-d") ? "entry" : "listing";
    return operandsRead(use, ".")(scan, context);
  },
);

/**
 * A tree read that follows symlinks can reach any file a link inside points at: keel does not
 * chase them, so the reads are unknown and the command is never read-only.
 */
export function followsLinks(use: Partial<ProgramUse>, what: string): Partial<ProgramUse> {
  const why = `${what} follows symlinks through the tree`;
  return { ...use, notReadOnly: why, unknownReads: why };
}

/** Entries a spec may look at to find links in a tree before assuming there are some. */
const LINK_SEARCH_BUDGET = 5_000;

/**
 * True when a folder tree (from `start`, absolute) may hold a symlink: one is found, or the
 * tree is larger than keel looks through. A file or a missing path holds none.
 */
export function treeMayHoldLinks(start: string, fs: FileSystemView): boolean {
  const folder = physicalPath(start, fs);
  if (fs.entry(folder) !== "directory") return false;
  const queue = [folder];
  let budget = LINK_SEARCH_BUDGET;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const name of fs.names(next)) {
      if (--budget < 0) return true;
      const kind = fs.entry(`${next}/${name}`);
      if (kind === "symlink") return true;
      if (kind === "directory") queue.push(`${next}/${name}`);
    }
  }
  return false;
}
