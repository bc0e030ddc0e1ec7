import type { OptionEntry, OptionTable } from "../option-scan.js";
import type { ProgramSpec } from "../types.js";
import { guessedUse } from "./guessed-use.js";
import { type OperandRule, operandsRead, operandsText, tableSpec } from "./table-spec.js";

/**
 * Programs that transform text read from their file operands or stdin (GNU coreutils 9 and
 * util-linux), each with its whole option grammar: an option not listed makes keel guess.
 */

type Entries = Readonly<Record<string, OptionEntry>>;

const HELP: Entries = { "--help": "flag", "--version": "flag" };

/** Short flags from a string of letters. */
function flags(letters: string): Entries {
  return Object.fromEntries([...letters].map((letter) => [letter, "flag" as const]));
}

function reader(table: OptionTable): ProgramSpec {
  return tableSpec({ ...table, long: { ...HELP, ...table.long } }, operandsRead("entry"));
}

/** `PROGRAM [IN [OUT]]`: the first operand is read, the second written. */
function inputThenOutput(name: string): OperandRule {
  return (scan) => {
    const [input, output, ...extra] = scan.operands;
    const read = [input, ...extra].filter((word) => word !== undefined);
    return {
      reads: read.map((word) => ({ word, use: "entry" })),
      writes: output ? [{ word: output, use: "entry" }] : [],
      ...(output ? { notReadOnly: `${name} writes ${output.text}` } : {}),
    };
  };
}

const ZERO: Entries = { "--zero-terminated": ["flag", "-z"] };

export const sortSpec = reader({
  short: { ...flags("bdfgiMhnRrVcCmsuz"), k: "text", t: "text", T: "text", S: "text", o: "write" },
  long: {
    ...ZERO,
    "--ignore-leading-blanks": ["flag", "-b"],
    "--dictionary-order": ["flag", "-d"],
    "--ignore-case": ["flag", "-f"],
    "--general-numeric-sort": ["flag", "-g"],
    "--ignore-nonprinting": ["flag", "-i"],
    "--month-sort": ["flag", "-M"],
    "--human-numeric-sort": ["flag", "-h"],
    "--numeric-sort": ["flag", "-n"],
    "--random-sort": ["flag", "-R"],
    "--random-source": "read",
    "--reverse": ["flag", "-r"],
    "--sort": "text",
    "--version-sort": ["flag", "-V"],
    "--batch-size": "text",
    "--check": "optional",
    "--compress-program": "exec",
    "--debug": "flag",
    "--files0-from": "list",
    "--key": ["text", "-k"],
    "--merge": ["flag", "-m"],
    "--output": ["write", "-o"],
    "--stable": ["flag", "-s"],
    "--buffer-size": ["text", "-S"],
    "--field-separator": ["text", "-t"],
    "--temporary-directory": ["text", "-T"],
    "--parallel": "text",
    "--unique": ["flag", "-u"],
  },
});

/** `uniq [IN [OUT]]`: the second operand is written. */
export const uniqSpec = tableSpec(
  {
    short: { ...flags("cdDiuz"), f: "text", s: "text", w: "text" },
    long: {
      ...HELP,
      ...ZERO,
      "--count": ["flag", "-c"],
      "--repeated": ["flag", "-d"],
      "--all-repeated": "optional",
      "--skip-fields": ["text", "-f"],
      "--group": "optional",
      "--ignore-case": ["flag", "-i"],
      "--skip-chars": ["text", "-s"],
      "--unique": ["flag", "-u"],
      "--check-chars": ["text", "-w"],
    },
  },
  inputThenOutput("uniq"),
);

export const cutSpec = reader({
  short: { b: "text", c: "text", d: "text", f: "text", n: "flag", s: "flag", z: "flag" },
  long: {
    ...ZERO,
    "--bytes": ["text", "-b"],
    "--characters": ["text", "-c"],
    "--delimiter": ["text", "-d"],
    "--fields": ["text", "-f"],
    "--complement": "flag",
    "--only-delimited": ["flag", "-s"],
    "--output-delimiter": "text",
  },
});

export const trSpec = tableSpec(
  {
    short: flags("cCdst"),
    long: {
      ...HELP,
      "--complement": ["flag", "-c"],
      "--delete": ["flag", "-d"],
      "--squeeze-repeats": ["flag", "-s"],
      "--truncate-set1": ["flag", "-t"],
    },
  },
  operandsText,
);

export const pasteSpec = reader({
  short: { d: "text", s: "flag", z: "flag" },
  long: { ...ZERO, "--delimiters": ["text", "-d"], "--serial": ["flag", "-s"] },
});

export const joinSpec = reader({
  short: {
    a: "text",
    e: "text",
    i: "flag",
    j: "text",
    o: "text",
    t: "text",
    v: "text",
    z: "flag",
    "1": "text",
    "2": "text",
  },
  long: {
    ...ZERO,
    "--ignore-case": ["flag", "-i"],
    "--check-order": "flag",
    "--nocheck-order": "flag",
    "--header": "flag",
  },
});

export const commSpec = reader({
  short: { ...flags("123z") },
  long: {
    ...ZERO,
    "--check-order": "flag",
    "--nocheck-order": "flag",
    "--output-delimiter": "text",
    "--total": "flag",
  },
});

export const foldSpec = reader({
  short: { b: "flag", s: "flag", w: "text" },
  long: { "--bytes": ["flag", "-b"], "--spaces": ["flag", "-s"], "--width": ["text", "-w"] },
  numeric: "-w",
});

export const expandSpec = reader({
  short: { i: "flag", t: "text" },
  long: { "--initial": ["flag", "-i"], "--tabs": ["text", "-t"] },
  numeric: "-t",
});

export const unexpandSpec = reader({
  short: { a: "flag", t: "text" },
  long: { "--all": ["flag", "-a"], "--first-only": "flag", "--tabs": ["text", "-t"] },
  numeric: "-t",
});

export const columnSpec = reader({
  short: {
    ...flags("tnejxLRmJ"),
    c: "text",
    s: "text",
    o: "text",
    N: "text",
    l: "text",
    H: "text",
    O: "text",
    W: "text",
    E: "text",
    d: "flag",
    r: "text",
    T: "text",
    i: "text",
    p: "text",
  },
  long: {
    "--table": ["flag", "-t"],
    "--separator": ["text", "-s"],
    "--output-separator": ["text", "-o"],
    "--output-width": ["text", "-c"],
    "--table-columns": ["text", "-N"],
    "--table-right": ["text", "-R"],
    "--fillrows": ["flag", "-x"],
    "--json": ["flag", "-J"],
    "--keep-empty-lines": ["flag", "-L"],
  },
});

export const nlSpec = reader({
  short: {
    b: "text",
    d: "text",
    f: "text",
    h: "text",
    i: "text",
    l: "text",
    n: "text",
    p: "flag",
    s: "text",
    v: "text",
    w: "text",
  },
  long: {
    "--body-numbering": ["text", "-b"],
    "--section-delimiter": ["text", "-d"],
    "--footer-numbering": ["text", "-f"],
    "--header-numbering": ["text", "-h"],
    "--line-increment": ["text", "-i"],
    "--join-blank-lines": ["text", "-l"],
    "--number-format": ["text", "-n"],
    "--no-renumber": ["flag", "-p"],
    "--number-separator": ["text", "-s"],
    "--starting-line-number": ["text", "-v"],
    "--number-width": ["text", "-w"],
  },
});

export const tacSpec = reader({
  short: { b: "flag", r: "flag", s: "text" },
  long: { "--before": ["flag", "-b"], "--regex": ["flag", "-r"], "--separator": ["text", "-s"] },
});

export const revSpec = reader({ short: { "0": "flag" }, long: { "--zero": ["flag", "-0"] } });

export const fmtSpec = reader({
  short: { ...flags("cstu"), p: "text", w: "text", g: "text" },
  long: {
    "--crown-margin": ["flag", "-c"],
    "--prefix": ["text", "-p"],
    "--split-only": ["flag", "-s"],
    "--tagged-paragraph": ["flag", "-t"],
    "--uniform-spacing": ["flag", "-u"],
    "--width": ["text", "-w"],
    "--goal": ["text", "-g"],
  },
  numeric: "-w",
});

export const odSpec = reader({
  short: {
    ...flags("abcdfilosvxDFHILOX"),
    A: "text",
    j: "text",
    N: "text",
    S: "text",
    t: "text",
    w: "optional",
  },
  long: {
    "--address-radix": ["text", "-A"],
    "--endian": "text",
    "--skip-bytes": ["text", "-j"],
    "--read-bytes": ["text", "-N"],
    "--strings": "optional",
    "--format": ["text", "-t"],
    "--output-duplicates": ["flag", "-v"],
    "--width": "optional",
    "--traditional": "flag",
  },
});

const BASE_ENCODER: OptionTable = {
  short: { d: "flag", i: "flag", w: "text" },
  long: {
    "--decode": ["flag", "-d"],
    "--ignore-garbage": ["flag", "-i"],
    "--wrap": ["text", "-w"],
  },
};
export const base64Spec = reader(BASE_ENCODER);
export const base32Spec = reader(BASE_ENCODER);

/**
 * xxd reads no clusters: a word is one option, named by its first two letters (`-ps` is `-p`),
 * and a value-taking one takes the rest of the word (`-c8`) or the next word. Only the exact
 * names are accepted here (`-ca 8 in out` would be `-c a`, then `8` read and `in` written).
 */
const XXD_FLAGS = [
  "-a",
  "-autoskip",
  "-b",
  "-bits",
  "-C",
  "-capitalize",
  "-d",
  "-e",
  "-E",
  "-EBCDIC",
  "-h",
  "-help",
  "-i",
  "-include",
  "-p",
  "-ps",
  "-plain",
  "-postscript",
  "-r",
  "-revert",
  "-u",
  "-uppercase",
  "-v",
  "-version",
];
const XXD_VALUES = [
  "-c",
  "-cols",
  "-g",
  "-groupsize",
  "-l",
  "-len",
  "-n",
  "-name",
  "-o",
  "-offset",
  "-s",
  "-seek",
  "-R",
];

/** `xxd [options] [infile [outfile]]`: the second operand is written. */
export const xxdSpec = tableSpec(
  {
    long: {
      ...Object.fromEntries(XXD_FLAGS.map((name) => [name, "flag" as const])),
      ...Object.fromEntries(XXD_VALUES.map((name) => [name, "text" as const])),
    },
    singleDashLong: true,
    stopAtOperand: true,
  },
  inputThenOutput("xxd"),
);

export const hexdumpSpec = reader({
  short: { ...flags("bcCdovxX"), e: "text", f: "read", n: "text", s: "text", L: "optional" },
  long: {
    "--one-byte-octal": ["flag", "-b"],
    "--one-byte-char": ["flag", "-c"],
    "--canonical": ["flag", "-C"],
    "--two-bytes-decimal": ["flag", "-d"],
    "--two-bytes-octal": ["flag", "-o"],
    "--two-bytes-hex": ["flag", "-x"],
    "--format": ["text", "-e"],
    "--format-file": ["read", "-f"],
    "--length": ["text", "-n"],
    "--skip": ["text", "-s"],
    "--no-squeezing": ["flag", "-v"],
    "--color": "optional",
  },
});

const stringsTable = reader({
  short: {
    ...flags("adfowhHvV"),
    n: "text",
    t: "text",
    e: "text",
    T: "text",
    s: "text",
    U: "text",
  },
  long: {
    "--all": ["flag", "-a"],
    "--print-file-name": ["flag", "-f"],
    "--data": ["flag", "-d"],
    "--bytes": ["text", "-n"],
    "--radix": ["text", "-t"],
    "--encoding": ["text", "-e"],
    "--target": ["text", "-T"],
    "--include-all-whitespace": ["flag", "-w"],
    "--output-separator": ["text", "-s"],
    "--unicode": ["text", "-U"],
  },
  numeric: "-n",
});

/** binutils' `strings`: an `@FILE` word anywhere is replaced by the words in FILE. */
export const stringsSpec: ProgramSpec = (args, context) =>
  args.some((word) => word.value.startsWith("@"))
    ? guessedUse(args, "strings reads more arguments from an @file")
    : stringsTable(args, context);

export const seqSpec = tableSpec(
  {
    short: { f: "text", s: "text", w: "flag" },
    long: {
      ...HELP,
      "--format": ["text", "-f"],
      "--separator": ["text", "-s"],
      "--equal-width": ["flag", "-w"],
    },
    stopAtOperand: true,
  },
  operandsText,
);

export const prSpec = reader({
  short: {
    ...flags("adFfmrtTv"),
    e: "optional",
    h: "text",
    i: "optional",
    l: "text",
    n: "optional",
    N: "text",
    o: "text",
    s: "optional",
    S: "optional",
    w: "text",
    W: "text",
    J: "flag",
    c: "flag",
  },
  long: {
    "--across": ["flag", "-a"],
    "--double-space": ["flag", "-d"],
    "--header": ["text", "-h"],
    "--length": ["text", "-l"],
    "--merge": ["flag", "-m"],
    "--omit-header": ["flag", "-t"],
    "--width": ["text", "-w"],
    "--page-width": ["text", "-W"],
  },
});

/** `shuf`: `-o` writes, `-e` takes text operands, `-i` a range. */
export const shufSpec = tableSpec(
  {
    short: { e: "flag", i: "text", n: "text", o: "write", r: "flag", z: "flag" },
    long: {
      ...HELP,
      ...ZERO,
      "--echo": ["flag", "-e"],
      "--input-range": ["text", "-i"],
      "--head-count": ["text", "-n"],
      "--output": ["write", "-o"],
      "--random-source": "read",
      "--repeat": ["flag", "-r"],
    },
  },
  (scan, context) => (scan.has("-e") ? {} : operandsRead("entry")(scan, context)),
);

/** Programs that transform text. */
export const TEXT_FILTERS: Readonly<Record<string, ProgramSpec>> = {
  sort: sortSpec,
  uniq: uniqSpec,
  cut: cutSpec,
  tr: trSpec,
  paste: pasteSpec,
  join: joinSpec,
  comm: commSpec,
  fold: foldSpec,
  expand: expandSpec,
  unexpand: unexpandSpec,
  column: columnSpec,
  nl: nlSpec,
  tac: tacSpec,
  rev: revSpec,
  fmt: fmtSpec,
  od: odSpec,
  base64: base64Spec,
  base32: base32Spec,
  xxd: xxdSpec,
  hexdump: hexdumpSpec,
  strings: stringsSpec,
  seq: seqSpec,
  pr: prSpec,
  shuf: shufSpec,
};
