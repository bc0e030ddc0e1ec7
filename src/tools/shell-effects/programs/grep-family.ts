import type { OptionEntry, OptionScan } from "../option-scan.js";
import type { ProgramSpec, ProgramUse, SpecContext } from "../types.js";
import { followsLinks } from "./file-readers.js";
import { literal, operandsRead, tableSpec } from "./table-spec.js";

/** GNU grep 3's options; `-NUM` is `-C NUM`. */
const GREP_LONG: Readonly<Record<string, OptionEntry>> = {
  "--help": "flag",
  "--version": ["flag", "-V"],
  "--extended-regexp": ["flag", "-E"],
  "--fixed-strings": ["flag", "-F"],
  "--basic-regexp": ["flag", "-G"],
  "--perl-regexp": ["flag", "-P"],
  "--regexp": ["text", "-e"],
  "--file": ["read", "-f"],
  "--ignore-case": ["flag", "-i"],
  "--no-ignore-case": "flag",
  "--word-regexp": ["flag", "-w"],
  "--line-regexp": ["flag", "-x"],
  "--null-data": ["flag", "-z"],
  "--no-messages": ["flag", "-s"],
  "--invert-match": ["flag", "-v"],
  "--max-count": ["text", "-m"],
  "--byte-offset": ["flag", "-b"],
  "--line-number": ["flag", "-n"],
  "--no-line-number": "flag",
  "--line-buffered": "flag",
  "--with-filename": ["flag", "-H"],
  "--no-filename": ["flag", "-h"],
  "--label": "text",
  "--only-matching": ["flag", "-o"],
  "--quiet": ["flag", "-q"],
  "--silent": ["flag", "-q"],
  "--binary-files": "text",
  "--text": ["flag", "-a"],
  "--directories": ["text", "-d"],
  "--devices": ["text", "-D"],
  "--recursive": ["flag", "-r"],
  "--dereference-recursive": ["flag", "-R"],
  "--include": "text",
  "--exclude": "text",
  "--exclude-from": "read",
  "--exclude-dir": "text",
  "--files-without-match": ["flag", "-L"],
  "--files-with-matches": ["flag", "-l"],
  "--count": ["flag", "-c"],
  "--initial-tab": ["flag", "-T"],
  "--null": ["flag", "-Z"],
  "--before-context": ["text", "-B"],
  "--after-context": ["text", "-A"],
  "--context": ["text", "-C"],
  "--color": "optional",
  "--colour": "optional",
  "--binary": ["flag", "-U"],
};

const GREP_SHORT: Readonly<Record<string, OptionEntry>> = {
  ...Object.fromEntries([..."EFGPiywxzsvVcLloqbHhnTZUrRaI"].map((l) => [l, "flag" as const])),
  e: "text",
  f: "read",
  m: "text",
  A: "text",
  B: "text",
  C: "text",
  d: "text",
  D: "text",
};

/** The file operands of a search whose first operand is the pattern unless `-e`/`-f` gave one. */
function searchedOperands(scan: OptionScan, patternGiven: boolean): OptionScan {
  return patternGiven ? scan : { ...scan, operands: scan.operands.slice(1) };
}

function grepUse(scan: OptionScan, context: SpecContext): Partial<ProgramUse> {
  const files = searchedOperands(scan, scan.has("-e") || scan.has("-f"));
  const recurse =
    scan.has("-r") || scan.has("-R") || scan.values("-d").some((word) => word.value === "recurse");
  if (!recurse) return operandsRead("entry")(files, context);
  const use = operandsRead("tree", ".")(files, context);
  return scan.has("-R") ? followsLinks(use, "grep -R") : use;
}

/** grep, egrep, fgrep: files are read; a recursive search reads trees (`.` when none is named). */
export const grepSpec: ProgramSpec = tableSpec(
  { short: GREP_SHORT, long: GREP_LONG, numeric: "-C" },
  grepUse,
);

const RG_FLAGS = "aFHhiIlLnNopqsSUvVwxz0cbujP.";

/** ripgrep 15's options. */
const RG_LONG: Readonly<Record<string, OptionEntry>> = {
  "--help": "flag",
  "--version": ["flag", "-V"],
  "--regexp": ["text", "-e"],
  "--file": ["read", "-f"],
  "--after-context": ["text", "-A"],
  "--before-context": ["text", "-B"],
  "--context": ["text", "-C"],
  "--binary": "flag",
  "--no-binary": "flag",
  "--block-buffered": "flag",
  "--line-buffered": "flag",
  "--byte-offset": ["flag", "-b"],
  "--case-sensitive": ["flag", "-s"],
  "--color": "text",
  "--colors": "text",
  "--column": "flag",
  "--no-column": "flag",
  "--context-separator": "text",
  "--no-context-separator": "flag",
  "--count": ["flag", "-c"],
  "--count-matches": "flag",
  "--crlf": "flag",
  "--no-crlf": "flag",
  "--debug": "flag",
  "--trace": "flag",
  "--dfa-size-limit": "text",
  "--encoding": ["text", "-E"],
  "--no-encoding": "flag",
  "--engine": "text",
  "--field-context-separator": "text",
  "--field-match-separator": "text",
  "--files": "flag",
  "--files-with-matches": ["flag", "-l"],
  "--files-without-match": "flag",
  "--fixed-strings": ["flag", "-F"],
  "--no-fixed-strings": "flag",
  "--follow": ["flag", "-L"],
  "--no-follow": "flag",
  "--generate": "text",
  "--glob": ["text", "-g"],
  "--glob-case-insensitive": "flag",
  "--no-glob-case-insensitive": "flag",
  "--heading": "flag",
  "--no-heading": "flag",
  "--hidden": ["flag", "-."],
  "--no-hidden": "flag",
  "--hyperlink-format": "text",
  "--iglob": "text",
  "--ignore-case": ["flag", "-i"],
  "--ignore-file": "read",
  "--ignore-file-case-insensitive": "flag",
  "--no-ignore-file-case-insensitive": "flag",
  "--include-zero": "flag",
  "--no-include-zero": "flag",
  "--invert-match": ["flag", "-v"],
  "--no-invert-match": "flag",
  "--json": "flag",
  "--no-json": "flag",
  "--line-number": ["flag", "-n"],
  "--no-line-number": ["flag", "-N"],
  "--line-regexp": ["flag", "-x"],
  "--max-columns": ["text", "-M"],
  "--max-columns-preview": "flag",
  "--no-max-columns-preview": "flag",
  "--max-count": ["text", "-m"],
  "--max-depth": ["text", "-d"],
  "--maxdepth": ["text", "-d"],
  "--max-filesize": "text",
  "--mmap": "flag",
  "--no-mmap": "flag",
  "--multiline": ["flag", "-U"],
  "--no-multiline": "flag",
  "--multiline-dotall": "flag",
  "--no-multiline-dotall": "flag",
  "--no-config": "flag",
  "--no-ignore": "flag",
  "--ignore": "flag",
  "--no-ignore-dot": "flag",
  "--ignore-dot": "flag",
  "--no-ignore-exclude": "flag",
  "--ignore-exclude": "flag",
  "--no-ignore-files": "flag",
  "--ignore-files": "flag",
  "--no-ignore-global": "flag",
  "--ignore-global": "flag",
  "--no-ignore-messages": "flag",
  "--ignore-messages": "flag",
  "--no-ignore-parent": "flag",
  "--ignore-parent": "flag",
  "--no-ignore-vcs": "flag",
  "--ignore-vcs": "flag",
  "--no-messages": "flag",
  "--messages": "flag",
  "--no-require-git": "flag",
  "--require-git": "flag",
  "--no-unicode": "flag",
  "--unicode": "flag",
  "--null": ["flag", "-0"],
  "--null-data": "flag",
  "--one-file-system": "flag",
  "--no-one-file-system": "flag",
  "--only-matching": ["flag", "-o"],
  "--path-separator": "text",
  "--passthru": "flag",
  "--passthrough": "flag",
  "--pcre2": ["flag", "-P"],
  "--no-pcre2": "flag",
  "--pcre2-version": "flag",
  "--pre": "exec",
  "--no-pre": "flag",
  "--pre-glob": "text",
  "--pretty": ["flag", "-p"],
  "--quiet": ["flag", "-q"],
  "--regex-size-limit": "text",
  "--replace": ["text", "-r"],
  "--search-zip": ["exec", "-z"],
  "--no-search-zip": "flag",
  "--smart-case": ["flag", "-S"],
  "--sort": "text",
  "--sortr": "text",
  "--sort-files": "flag",
  "--no-sort-files": "flag",
  "--stats": "flag",
  "--no-stats": "flag",
  "--stop-on-nonmatch": "flag",
  "--text": ["flag", "-a"],
  "--no-text": "flag",
  "--threads": ["text", "-j"],
  "--trim": "flag",
  "--no-trim": "flag",
  "--type": ["text", "-t"],
  "--type-not": ["text", "-T"],
  "--type-add": "text",
  "--type-clear": "text",
  "--type-list": "flag",
  "--unrestricted": ["flag", "-u"],
  "--vimgrep": "flag",
  "--with-filename": ["flag", "-H"],
  "--no-filename": ["flag", "-I"],
  "--word-regexp": ["flag", "-w"],
  "--auto-hybrid-regex": "flag",
  "--no-auto-hybrid-regex": "flag",
  "--hostname-bin": "exec",
  "--heading-separator": "text",
};

const RG_SHORT: Readonly<Record<string, OptionEntry>> = {
  ...Object.fromEntries([...RG_FLAGS].map((l) => [l, "flag" as const])),
  z: "exec",
  e: "text",
  f: "read",
  A: "text",
  B: "text",
  C: "text",
  E: "text",
  g: "text",
  j: "text",
  m: "text",
  M: "text",
  d: "text",
  r: "text",
  t: "text",
  T: "text",
};

/**
 * ripgrep: operands are trees searched (`.` when none is named); `--pre` and `-z` run
 * programs; `-L` follows links; a config file named by RIPGREP_CONFIG_PATH can add any of it.
 */
export const rgSpec: ProgramSpec = (args, context) => {
  const spec = tableSpec({ short: RG_SHORT, long: RG_LONG }, (scan, ctx) => {
    const listing = scan.has("--files") || scan.has("--type-list");
    const files = searchedOperands(scan, listing || scan.has("-e") || scan.has("-f"));
    const use = scan.has("--type-list") ? {} : operandsRead("tree", ".")(files, ctx);
    const followed = scan.has("-L") ? followsLinks(use, "rg -L") : use;
    const config = ctx.env.RIPGREP_CONFIG_PATH;
    if (!config || scan.has("--no-config")) return followed;
    const why = `RIPGREP_CONFIG_PATH (${config}) can add options keel cannot see, --pre among them`;
    return {
      ...followed,
      reads: [...(followed.reads ?? []), { word: literal(config), use: "entry" }],
      opaque: why,
      notReadOnly: why,
    };
  });
  return spec(args, context);
};

/** The grep family and ripgrep. */
export const GREP_FAMILY: Readonly<Record<string, ProgramSpec>> = {
  grep: grepSpec,
  egrep: grepSpec,
  fgrep: grepSpec,
  rg: rgSpec,
};
