import { findArgs } from "./find-args.js";
import {
  type CommandVerdict,
  type FlagSpec,
  type Scan,
  textOperands,
  withFlags,
} from "./flag-scan.js";
import { gitArgs } from "./git-args.js";
import { testArgs } from "./test-args.js";

/** Decides whether a command's arguments (name excluded) keep it read-only. */
export type CommandCheck = (args: readonly string[]) => CommandVerdict;

const OK_NO_PATHS: CommandCheck = () => ({ ok: true, paths: [] });

/** Operands after a leading pattern (grep, rg, jq): the pattern is text unless given by option. */
function afterPattern(patternFlags: readonly string[]) {
  return (scan: Scan): CommandVerdict => {
    const patternGiven = patternFlags.some((f) => scan.flags.has(f));
    const files = patternGiven ? scan.positionals : scan.positionals.slice(1);
    return { ok: true, paths: [...scan.paths, ...files] };
  };
}

const GREP: FlagSpec = {
  short: { e: "text", f: "path", m: "text", A: "text", B: "text", C: "text", d: "text", D: "text" },
  long: {
    "--regexp": "text",
    "--file": "path",
    "--max-count": "text",
    "--after-context": "text",
    "--before-context": "text",
    "--context": "text",
    "--directories": "text",
    "--devices": "text",
    "--include": "text",
    "--exclude": "text",
    "--exclude-dir": "text",
    "--exclude-from": "path",
    "--label": "text",
    "--binary-files": "text",
  },
};

const RG: FlagSpec = {
  short: {
    e: "text",
    f: "path",
    g: "text",
    t: "text",
    T: "text",
    A: "text",
    B: "text",
    C: "text",
    m: "text",
    M: "text",
    j: "text",
    E: "text",
    r: "text",
    d: "text",
  },
  long: Object.fromEntries([
    ...[
      "--regexp",
      "--glob",
      "--iglob",
      "--type",
      "--type-not",
      "--type-add",
      "--type-clear",
      "--after-context",
      "--before-context",
      "--context",
      "--max-count",
      "--max-columns",
      "--threads",
      "--encoding",
      "--replace",
      "--max-depth",
      "--max-filesize",
      "--sort",
      "--sortr",
      "--colors",
      "--color",
      "--context-separator",
      "--field-context-separator",
      "--field-match-separator",
      "--path-separator",
      "--engine",
      "--dfa-size-limit",
      "--regex-size-limit",
    ].map((name) => [name, "text"]),
    ["--file", "path"],
    ["--ignore-file", "path"],
  ]),
  // --pre and --hostname-bin run programs.
  forbidden: ["--pre", "--pre-glob", "--hostname-bin"],
};

const rgCheck = withFlags(RG, (scan) =>
  scan.flags.has("--files") || scan.flags.has("--type-list")
    ? { ok: true, paths: [...scan.paths, ...scan.positionals] }
    : afterPattern(["-e", "-f", "--regexp", "--file"])(scan),
);

const paths = (spec: FlagSpec = {}) => withFlags(spec);
const text = (spec: FlagSpec = {}) => withFlags(spec, textOperands);

/** The allowlist: commands that only read, with the options that keep them so. */
export const READ_ONLY_COMMANDS: Readonly<Record<string, CommandCheck>> = {
  ls: paths({
    short: { I: "text", T: "text", w: "text" },
    long: {
      "--ignore": "text",
      "--hide": "text",
      "--format": "text",
      "--sort": "text",
      "--time-style": "text",
      "--width": "text",
      "--tabsize": "text",
      "--block-size": "text",
      "--quoting-style": "text",
      "--time": "text",
      "--indicator-style": "text",
    },
  }),
  cat: paths(),
  tac: paths(),
  nl: paths({ short: { b: "text", s: "text", v: "text", i: "text", w: "text", n: "text" } }),
  head: paths({ short: { n: "text", c: "text" }, long: { "--lines": "text", "--bytes": "text" } }),
  tail: paths({
    short: { n: "text", c: "text", s: "text" },
    long: { "--lines": "text", "--bytes": "text", "--pid": "text", "--sleep-interval": "text" },
  }),
  wc: paths({ long: { "--files0-from": "path" } }),
  pwd: OK_NO_PATHS,
  echo: OK_NO_PATHS,
  printf: text({ short: { v: "text" } }),
  which: text(),
  whoami: OK_NO_PATHS,
  uname: text(),
  true: OK_NO_PATHS,
  false: OK_NO_PATHS,
  basename: text({ short: { s: "text" }, long: { "--suffix": "text" } }),
  dirname: text(),
  file: paths({
    short: { m: "path", f: "path", F: "text", e: "text", P: "text" },
    long: {
      "--magic-file": "path",
      "--files-from": "path",
      "--separator": "text",
      "--exclude": "text",
      "--parameter": "text",
    },
    forbidden: ["-C", "--compile"],
  }),
  stat: paths({ short: { c: "text" }, long: { "--format": "text", "--printf": "text" } }),
  du: paths({
    short: { d: "text", B: "text", t: "text", X: "path" },
    long: {
      "--max-depth": "text",
      "--block-size": "text",
      "--threshold": "text",
      "--exclude": "text",
      "--exclude-from": "path",
      "--files0-from": "path",
    },
  }),
  df: paths({ short: { B: "text", t: "text", x: "text" }, long: { "--block-size": "text" } }),
  grep: withFlags(GREP, afterPattern(["-e", "-f", "--regexp", "--file"])),
  egrep: withFlags(GREP, afterPattern(["-e", "-f", "--regexp", "--file"])),
  fgrep: withFlags(GREP, afterPattern(["-e", "-f", "--regexp", "--file"])),
  rg: rgCheck,
  find: findArgs,
  tree: paths({
    short: { L: "text", P: "text", I: "text", H: "text", T: "text" },
    long: {
      "--charset": "text",
      "--filelimit": "text",
      "--timefmt": "text",
      "--sort": "text",
      "--gitfile": "path",
      "--infofile": "path",
    },
    // -o writes its listing to a file; -R (with -H) writes an HTML file per folder.
    forbidden: ["-o", "-R"],
  }),
  sort: paths({
    short: { k: "text", t: "text", S: "text", T: "path" },
    long: {
      "--key": "text",
      "--field-separator": "text",
      "--buffer-size": "text",
      "--temporary-directory": "path",
      "--files0-from": "path",
      "--batch-size": "text",
      "--parallel": "text",
      "--random-source": "path",
      "--sort": "text",
    },
    forbidden: ["-o", "--output", "--compress-program"],
  }),
  uniq: withFlags(
    {
      short: { f: "text", s: "text", w: "text" },
      long: { "--skip-fields": "text", "--skip-chars": "text", "--check-chars": "text" },
    },
    (scan) =>
      scan.positionals.length > 1
        ? { ok: false, reason: "a second file operand is written to" }
        : { ok: true, paths: [...scan.paths, ...scan.positionals] },
  ),
  cut: paths({
    short: { b: "text", c: "text", d: "text", f: "text" },
    long: {
      "--bytes": "text",
      "--characters": "text",
      "--delimiter": "text",
      "--fields": "text",
      "--output-delimiter": "text",
    },
  }),
  tr: text(),
  diff: paths({
    short: { I: "text", L: "text", x: "text", X: "path", U: "text", C: "text", F: "text" },
    long: {
      "--ignore-matching-lines": "text",
      "--label": "text",
      "--exclude": "text",
      "--exclude-from": "path",
      "--show-function-line": "text",
      "--starting-file": "text",
      "--from-file": "path",
      "--to-file": "path",
      "--line-format": "text",
      "--horizon-lines": "text",
      "--tabsize": "text",
      "--width": "text",
    },
  }),
  cmp: paths({
    short: { i: "text", n: "text" },
    long: { "--ignore-initial": "text", "--bytes": "text" },
  }),
  md5sum: paths(),
  sha1sum: paths(),
  sha256sum: paths(),
  date: withFlags(
    {
      short: { d: "text", f: "path", r: "path" },
      long: { "--date": "text", "--file": "path", "--reference": "path" },
      forbidden: ["-s", "--set"],
    },
    (scan) =>
      scan.positionals.every((p) => p.startsWith("+"))
        ? { ok: true, paths: scan.paths }
        : { ok: false, reason: "an operand that is not +FORMAT sets the clock" },
  ),
  env: withFlags(
    { short: { u: "text" }, long: { "--unset": "text" }, onlyAllowed: ["-0", "--null"] },
    (scan) =>
      scan.positionals.length === 0
        ? { ok: true, paths: [] }
        : { ok: false, reason: "operands run a command" },
  ),
  printenv: text({ onlyAllowed: ["-0", "--null"] }),
  test: testArgs("test"),
  "[": testArgs("["),
  "[[": testArgs("[["),
  realpath: paths({ long: { "--relative-to": "path", "--relative-base": "path" } }),
  readlink: paths(),
  jq: withFlags(
    {
      short: { f: "path", L: "path" },
      long: {
        "--arg": ["text", "text"],
        "--argjson": ["text", "text"],
        "--slurpfile": ["text", "path"],
        "--rawfile": ["text", "path"],
        "--from-file": "path",
        "--indent": "text",
      },
      forbidden: ["-i", "--in-place"],
    },
    afterPattern(["-f", "--from-file"]),
  ),
  git: gitArgs,
};
