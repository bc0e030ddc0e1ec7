import { isAbsolute, join } from "node:path";
import { type OptionEntry, type OptionTable, partOfWord } from "../option-scan.js";
import type { ProgramSpec, ProgramUse } from "../types.js";
import { followsLinks, treeMayHoldLinks } from "./file-readers.js";
import { operandsRead, operandsText, tableSpec } from "./table-spec.js";

/**
 * Programs that report on files, the system or the environment (GNU coreutils 9, file 5,
 * diffutils 3), each with its whole option grammar: an option not listed makes keel guess.
 */

type Entries = Readonly<Record<string, OptionEntry>>;

const HELP: Entries = { "--help": "flag", "--version": "flag" };

function flags(letters: string): Entries {
  return Object.fromEntries([...letters].map((letter) => [letter, "flag" as const]));
}

function withHelp(table: OptionTable): OptionTable {
  return { ...table, long: { ...HELP, ...table.long } };
}

/** Operands are files whose details (not content, for most) are read. */
const about = (table: OptionTable): ProgramSpec =>
  tableSpec(withHelp(table), operandsRead("entry"));
/** Operands are text; nothing is read. */
const text = (table: OptionTable = {}): ProgramSpec => tableSpec(withHelp(table), operandsText);
/** No operands at all: one would change something (`hostname NAME`). */
function noOperands(name: string, table: OptionTable = {}): ProgramSpec {
  return tableSpec(withHelp(table), (scan) =>
    scan.operands.length === 0
      ? {}
      : { writes: [], notReadOnly: `${name} with an operand changes the system`, modelled: false },
  );
}

export const statSpec = about({
  short: { L: "flag", f: "flag", t: "flag", c: "text" },
  long: {
    "--dereference": ["flag", "-L"],
    "--file-system": ["flag", "-f"],
    "--format": ["text", "-c"],
    "--printf": "text",
    "--terse": ["flag", "-t"],
    "--cached": "text",
  },
});

/** `file`: `-m` names magic files, a colon-separated list of them. */
export const fileSpec = tableSpec(
  withHelp({
    short: {
      ...flags("bcdEhiIklLNnprsSvz0"),
      e: "text",
      F: "text",
      f: "list",
      m: "text",
      P: "text",
      C: "forbidden",
    },
    long: {
      "--brief": ["flag", "-b"],
      "--checking-printout": ["flag", "-c"],
      "--exclude": ["text", "-e"],
      "--exclude-quiet": "text",
      "--extension": "flag",
      "--files-from": ["list", "-f"],
      "--separator": ["text", "-F"],
      "--no-dereference": ["flag", "-h"],
      "--mime": ["flag", "-i"],
      "--mime-type": "flag",
      "--mime-encoding": "flag",
      "--keep-going": ["flag", "-k"],
      "--list": ["flag", "-l"],
      "--dereference": ["flag", "-L"],
      "--magic-file": ["text", "-m"],
      "--no-buffer": ["flag", "-n"],
      "--no-pad": ["flag", "-N"],
      "--preserve-date": ["flag", "-p"],
      "--parameter": ["text", "-P"],
      "--raw": ["flag", "-r"],
      "--special-files": ["flag", "-s"],
      "--no-sandbox": ["flag", "-S"],
      "--uncompress": ["flag", "-z"],
      "--uncompress-noreport": ["flag", "-Z"],
      "--print0": ["flag", "-0"],
      "--compile": ["forbidden", "-C"],
    },
  }),
  (scan) => {
    const magic = scan
      .values("-m")
      .flatMap((list) => list.value.split(":").map((file) => partOfWord(list, file)));
    return { reads: [...magic, ...scan.operands].map((word) => ({ word, use: "entry" as const })) };
  },
);

/** `du`: operands are trees; `-L` follows every link below them. */
export const duSpec = tableSpec(
  withHelp({
    short: { ...flags("0abcDhHklLmPsSx"), B: "text", d: "text", t: "text", X: "read" },
    long: {
      "--null": ["flag", "-0"],
      "--all": ["flag", "-a"],
      "--apparent-size": "flag",
      "--block-size": ["text", "-B"],
      "--bytes": ["flag", "-b"],
      "--total": ["flag", "-c"],
      "--dereference-args": ["flag", "-D"],
      "--max-depth": ["text", "-d"],
      "--files0-from": "list",
      "--human-readable": ["flag", "-h"],
      "--inodes": "flag",
      "--dereference": ["flag", "-L"],
      "--no-dereference": ["flag", "-P"],
      "--separate-dirs": ["flag", "-S"],
      "--si": "flag",
      "--summarize": ["flag", "-s"],
      "--threshold": ["text", "-t"],
      "--time": "optional",
      "--time-style": "text",
      "--exclude-from": ["read", "-X"],
      "--exclude": "text",
      "--one-file-system": ["flag", "-x"],
    },
  }),
  (scan, context) => {
    const use = operandsRead("tree", ".")(scan, context);
    return scan.has("-L") ? followsLinks(use, "du -L") : use;
  },
);

export const dfSpec = about({
  short: { ...flags("ahHiklPTv"), B: "text", t: "text", x: "text" },
  long: {
    "--all": ["flag", "-a"],
    "--block-size": ["text", "-B"],
    "--human-readable": ["flag", "-h"],
    "--si": ["flag", "-H"],
    "--inodes": ["flag", "-i"],
    "--local": ["flag", "-l"],
    "--no-sync": "flag",
    "--output": "optional",
    "--portability": ["flag", "-P"],
    "--sync": "flag",
    "--total": "flag",
    "--type": ["text", "-t"],
    "--print-type": ["flag", "-T"],
    "--exclude-type": ["text", "-x"],
  },
});

export const realpathSpec = about({
  short: flags("eLmPqsz"),
  long: {
    "--canonicalize-existing": ["flag", "-e"],
    "--canonicalize-missing": ["flag", "-m"],
    "--logical": ["flag", "-L"],
    "--physical": ["flag", "-P"],
    "--quiet": ["flag", "-q"],
    "--relative-to": "read",
    "--relative-base": "read",
    "--strip": ["flag", "-s"],
    "--no-symlinks": ["flag", "-s"],
    "--zero": ["flag", "-z"],
  },
});

export const readlinkSpec = about({
  short: flags("fpemnqsvz"),
  long: {
    "--canonicalize": ["flag", "-f"],
    "--canonicalize-existing": ["flag", "-e"],
    "--canonicalize-missing": ["flag", "-m"],
    "--no-newline": ["flag", "-n"],
    "--quiet": ["flag", "-q"],
    "--silent": ["flag", "-s"],
    "--verbose": ["flag", "-v"],
    "--zero": ["flag", "-z"],
  },
});

const basenameSpec = text({
  short: { a: "flag", s: "text", z: "flag" },
  long: { "--multiple": ["flag", "-a"], "--suffix": ["text", "-s"], "--zero": ["flag", "-z"] },
});
const dirnameSpec = text({ short: { z: "flag" }, long: { "--zero": ["flag", "-z"] } });

/** `date`: `+FORMAT` and `-d` are text; an operand that is not a format sets the clock. */
const dateSpec = tableSpec(
  withHelp({
    short: {
      d: "text",
      f: "read",
      I: "optional",
      r: "read",
      R: "flag",
      u: "flag",
      s: "forbidden-value",
    },
    long: {
      "--date": ["text", "-d"],
      "--debug": "flag",
      "--file": ["read", "-f"],
      "--iso-8601": "optional",
      "--resolution": "flag",
      "--rfc-email": ["flag", "-R"],
      "--rfc-3339": "text",
      "--reference": ["read", "-r"],
      "--set": ["forbidden-value", "-s"],
      "--utc": ["flag", "-u"],
      "--universal": ["flag", "-u"],
    },
  }),
  (scan): Partial<ProgramUse> =>
    scan.operands.every((word) => word.value.startsWith("+"))
      ? {}
      : { notReadOnly: "date with an operand sets the clock", modelled: false },
);

const idSpec = text({
  short: flags("aZgGnruz"),
  long: {
    "--context": ["flag", "-Z"],
    "--group": ["flag", "-g"],
    "--groups": ["flag", "-G"],
    "--name": ["flag", "-n"],
    "--real": ["flag", "-r"],
    "--user": ["flag", "-u"],
    "--zero": ["flag", "-z"],
  },
});

const unameSpec = text({
  short: flags("asnrvmpio"),
  long: {
    "--all": ["flag", "-a"],
    "--kernel-name": ["flag", "-s"],
    "--nodename": ["flag", "-n"],
    "--kernel-release": ["flag", "-r"],
    "--kernel-version": ["flag", "-v"],
    "--machine": ["flag", "-m"],
    "--processor": ["flag", "-p"],
    "--hardware-platform": ["flag", "-i"],
    "--operating-system": ["flag", "-o"],
  },
});

const hostnameSpec = noOperands("hostname", {
  short: { ...flags("aAdfiIsy"), b: "forbidden", F: "forbidden-value" },
  long: {
    "--boot": ["forbidden", "-b"],
    "--file": ["forbidden-value", "-F"],
    "--alias": ["flag", "-a"],
    "--all-fqdns": ["flag", "-A"],
    "--domain": ["flag", "-d"],
    "--fqdn": ["flag", "-f"],
    "--long": ["flag", "-f"],
    "--ip-address": ["flag", "-i"],
    "--all-ip-addresses": ["flag", "-I"],
    "--short": ["flag", "-s"],
    "--yp": ["flag", "-y"],
    "--nis": ["flag", "-y"],
  },
});

const nprocSpec = noOperands("nproc", { long: { "--all": "flag", "--ignore": "text" } });
const whichSpec = text({ short: { a: "flag", s: "flag" } });
const printenvSpec = text({ short: { "0": "flag" }, long: { "--null": ["flag", "-0"] } });
const sleepSpec = text();
const ttySpec = noOperands("tty", {
  short: { s: "flag" },
  long: { "--silent": ["flag", "-s"], "--quiet": ["flag", "-s"] },
});

/** Checksums: `-c` reads the files a checksum file names, which keel cannot list. */
function checksum(extra: OptionTable["short"] = {}): ProgramSpec {
  return tableSpec(
    withHelp({
      short: { ...flags("bctwz"), ...extra },
      long: {
        "--binary": ["flag", "-b"],
        "--check": ["flag", "-c"],
        "--tag": "flag",
        "--text": ["flag", "-t"],
        "--zero": ["flag", "-z"],
        "--ignore-missing": "flag",
        "--quiet": "flag",
        "--status": "flag",
        "--strict": "flag",
        "--warn": ["flag", "-w"],
        "--length": ["text", "-l"],
        "--untagged": "flag",
        "--base64": "flag",
        "--raw": "flag",
        "--algorithm": ["text", "-a"],
        "--debug": "flag",
      },
    }),
    (scan, context) => {
      const use = operandsRead("entry")(scan, context);
      if (!scan.has("-c")) return use;
      const why = "a check reads the files its checksum list names";
      return { ...use, unknownReads: why, notReadOnly: why };
    },
  );
}

const diffSpec = tableSpec(
  withHelp({
    short: {
      ...flags("abBcdeEfiHlnNpqrsStTuwyZ"),
      C: "text",
      D: "text",
      F: "text",
      I: "text",
      L: "text",
      S: "text",
      U: "text",
      W: "text",
      x: "text",
      X: "read",
    },
    long: {
      "--normal": "flag",
      "--brief": ["flag", "-q"],
      "--report-identical-files": ["flag", "-s"],
      "--context": "optional",
      "--unified": "optional",
      "--ed": ["flag", "-e"],
      "--rcs": ["flag", "-n"],
      "--side-by-side": ["flag", "-y"],
      "--width": ["text", "-W"],
      "--left-column": "flag",
      "--suppress-common-lines": "flag",
      "--show-c-function": ["flag", "-p"],
      "--show-function-line": ["text", "-F"],
      "--label": ["text", "-L"],
      "--expand-tabs": ["flag", "-t"],
      "--initial-tab": ["flag", "-T"],
      "--tabsize": "text",
      "--suppress-blank-empty": "flag",
      "--recursive": ["flag", "-r"],
      "--no-dereference": "flag",
      "--new-file": ["flag", "-N"],
      "--unidirectional-new-file": "flag",
      "--ignore-file-name-case": "flag",
      "--no-ignore-file-name-case": "flag",
      "--exclude": ["text", "-x"],
      "--exclude-from": ["read", "-X"],
      "--starting-file": ["text", "-S"],
      "--from-file": "text",
      "--to-file": "text",
      "--ignore-case": ["flag", "-i"],
      "--ignore-tab-expansion": ["flag", "-E"],
      "--ignore-trailing-space": ["flag", "-Z"],
      "--ignore-space-change": ["flag", "-b"],
      "--ignore-all-space": ["flag", "-w"],
      "--ignore-blank-lines": ["flag", "-B"],
      "--ignore-matching-lines": ["text", "-I"],
      "--text": ["flag", "-a"],
      "--strip-trailing-cr": "flag",
      "--ifdef": ["text", "-D"],
      "--line-format": "text",
      "--old-line-format": "text",
      "--new-line-format": "text",
      "--unchanged-line-format": "text",
      "--old-group-format": "text",
      "--new-group-format": "text",
      "--changed-group-format": "text",
      "--unchanged-group-format": "text",
      "--minimal": ["flag", "-d"],
      "--horizon-lines": "text",
      "--speed-large-files": "flag",
      "--color": "optional",
      "--palette": "text",
    },
    numeric: "-U",
  }),
  // A folder operand is compared file by file (and, with -r, folder by folder): each operand,
  // --from-file and --to-file included, may be a tree. diff follows the links it meets there
  // (unless --no-dereference): a tree holding one may read anything.
  (scan, context) => {
    const words = [...scan.operands, ...scan.values("--from-file"), ...scan.values("--to-file")];
    const use = { reads: words.map((word) => ({ word, use: "tree" as const })) };
    if (scan.has("--no-dereference")) return use;
    const linked = words.some(
      (word) =>
        context.cwd === undefined ||
        word.dynamic.length > 0 ||
        treeMayHoldLinks(
          isAbsolute(word.value) ? word.value : join(context.cwd, word.value),
          context.fs,
        ),
    );
    return linked ? followsLinks(use, "diff") : use;
  },
);

const cmpSpec = about({
  short: { b: "flag", i: "text", l: "flag", n: "text", s: "flag" },
  long: {
    "--print-bytes": ["flag", "-b"],
    "--ignore-initial": ["text", "-i"],
    "--verbose": ["flag", "-l"],
    "--bytes": ["text", "-n"],
    "--quiet": ["flag", "-s"],
    "--silent": ["flag", "-s"],
  },
});

/** `sum [FILE]…`: the BSD or System V checksum. */
const sumSpec = about({
  short: flags("rs"),
  long: { "--sysv": ["flag", "-s"] },
});

/** `locale [NAME]…`: names are categories or keywords. */
const localeSpec = text({
  short: flags("amckv"),
  long: {
    "--all-locales": ["flag", "-a"],
    "--charmaps": ["flag", "-m"],
    "--category-name": ["flag", "-c"],
    "--keyword-name": ["flag", "-k"],
    "--verbose": ["flag", "-v"],
    "--usage": "flag",
  },
});

/** `getconf [-a] [NAME [PATH]]`: `-v SPEC` runs another getconf, which keel does not follow. */
const getconfSpec = text({ short: { a: "flag", v: "forbidden-value" } });

/** Programs that report on files and the system. */
export const FILE_INFO: Readonly<Record<string, ProgramSpec>> = {
  stat: statSpec,
  file: fileSpec,
  du: duSpec,
  df: dfSpec,
  realpath: realpathSpec,
  readlink: readlinkSpec,
  basename: basenameSpec,
  dirname: dirnameSpec,
  date: dateSpec,
  whoami: noOperands("whoami"),
  id: idSpec,
  groups: text(),
  users: about({}),
  locale: localeSpec,
  getconf: getconfSpec,
  uname: unameSpec,
  arch: noOperands("arch"),
  hostname: hostnameSpec,
  nproc: nprocSpec,
  which: whichSpec,
  printenv: printenvSpec,
  sleep: sleepSpec,
  tty: ttySpec,
  md5sum: checksum(),
  sha1sum: checksum(),
  sha224sum: checksum(),
  sha256sum: checksum(),
  sha384sum: checksum(),
  sha512sum: checksum(),
  b2sum: checksum({ l: "text" }),
  cksum: checksum({ a: "text", l: "text" }),
  sum: sumSpec,
  diff: diffSpec,
  cmp: cmpSpec,
};
