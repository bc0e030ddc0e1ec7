import type { OptionEntry, OptionTable } from "../option-scan.js";

/**
 * The read-only subcommands of git 2.4x and the options each may carry without writing or
 * running anything; an option not listed makes keel guess. Options that run a program
 * (`--ext-diff`, `--textconv`, `--open-files-in-pager`) are `exec`; those that write a file
 * (`--output`) are `write`.
 */

type Entries = Readonly<Record<string, OptionEntry>>;

function flags(names: string): Entries {
  return Object.fromEntries(names.split(" ").map((name) => [name, "flag" as const]));
}
function texts(names: string): Entries {
  return Object.fromEntries(names.split(" ").map((name) => [name, "text" as const]));
}
function optionals(names: string): Entries {
  return Object.fromEntries(names.split(" ").map((name) => [name, "optional" as const]));
}

/** Diff output options shared by diff, log, show, and their kin. */
const DIFF_LONG: Entries = {
  ...flags(
    "--patch --no-patch --raw --patch-with-raw --patch-with-stat --numstat --shortstat --summary --name-only --name-status --full-index --binary --no-color --no-color-moved --no-color-moved-ws --color-words --no-renames --rename-empty --no-rename-empty --check --minimal --patience --histogram --ignore-cr-at-eol --ignore-space-at-eol --ignore-space-change --ignore-all-space --ignore-blank-lines --ignore-submodules --text --no-ext-diff --no-textconv --no-prefix --default-prefix --function-context --exit-code --quiet --cached --staged --merge-base --no-index --compact-summary --irreversible-delete --pickaxe-all --pickaxe-regex --indent-heuristic --no-indent-heuristic --no-relative --ita-invisible-in-index --ita-visible-in-index --no-stat --combined-all-paths --cc --dd --remerge-diff --no-diff-merges --first-parent",
  ),
  ...texts(
    "--diff-algorithm --stat-width --stat-name-width --stat-graph-width --stat-count --src-prefix --dst-prefix --line-prefix --word-diff-regex --inter-hunk-context --anchored -S -G --find-object --diff-filter --ignore-matching-lines --rotate-to --skip-to --diff-merges",
  ),
  ...optionals(
    "--stat --dirstat --dirstat-by-file --cumulative --color --color-moved --color-moved-ws --word-diff --color-words --find-renames --find-copies --find-copies-harder --break-rewrites --abbrev --unified --submodule --relative --ws-error-highlight",
  ),
  "--ext-diff": "exec",
  "--textconv": "exec",
  "--output": "write",
};

const DIFF_SHORT: Entries = {
  p: "flag",
  u: "flag",
  s: "flag",
  z: "flag",
  a: "flag",
  b: "flag",
  w: "flag",
  R: "flag",
  W: "flag",
  // `-U[<n>]`: the count only attached (`-U 3` is `-U` and an operand); the digits of `-U3`
  // read as flags of their own, since the scan has no attached-only value for short options.
  U: "optional",
  ...Object.fromEntries([..."0123456789"].map((digit) => [digit, "flag" as const])),
  M: "optional",
  C: "optional",
  B: "optional",
  l: "text",
  O: "read",
  S: "text",
  G: "text",
  X: "optional",
};

/** Revision-walking options of log, shortlog, rev-list and their kin. */
const REV_LONG: Entries = {
  ...flags(
    "--oneline --all --branches --tags --remotes --reverse --no-merges --merges --first-parent --graph --decorate --no-decorate --source --abbrev-commit --no-abbrev-commit --full-history --simplify-merges --ancestry-path --left-right --left-only --right-only --cherry --cherry-pick --cherry-mark --boundary --date-order --author-date-order --topo-order --relative-date --children --parents --show-signature --follow --full-diff --walk-reflogs --not --regexp-ignore-case --basic-regexp --extended-regexp --fixed-strings --perl-regexp --all-match --invert-grep --no-walk --do-walk --show-pulls --show-linear-break --mailmap --no-mailmap --use-mailmap --no-use-mailmap --log-size --show-notes-by-default --no-notes --count --objects --no-min-parents --no-max-parents --bisect --reflog --stdin --no-expand-tabs --expand-tabs --clear-decorations --single-worktree --ignore-missing --exclude-first-parent-only --dense --sparse --in-commit-order --alternate-refs --indexed-objects --no-graph",
  ),
  ...texts(
    "--max-count --skip --since --after --until --before --author --committer --grep --grep-reflog --since-as-filter --date --encoding --exclude --glob --max-age --min-age",
  ),
  // A value only after `=`: git reads `--pretty --output=f` as two options.
  ...optionals(
    "--branches --tags --remotes --show-linear-break --decorate --abbrev --pretty --format --notes --show-notes --min-parents --max-parents",
  ),
};

/** Options of log and its kin (parsed by log itself, which rev-list does not know). */
const LOG_LONG: Entries = texts("--decorate-refs --decorate-refs-exclude");

const REV_SHORT: Entries = {
  n: "text",
  i: "flag",
  E: "flag",
  F: "flag",
  P: "flag",
  g: "flag",
};

function table(short: Entries, ...long: Entries[]): OptionTable {
  return {
    short,
    long: Object.assign({ "--help": "flag", "--end-of-options": "flag" }, ...long),
    numeric: "-n",
  };
}

/** How a subcommand's operands are read. */
export type OperandKind =
  /** Revisions, `REV:path` blobs and paths after `--` (log, show, diff, blame …). */
  | "revisions"
  /** Paths (ls-files, check-ignore …). */
  | "paths"
  /** Names and patterns, no files (branch --list, tag -l, config --get …). */
  | "names";

/** A read-only subcommand: its options, its operands, and whether it reads the whole history. */
export interface SubcommandShape {
  table: OptionTable;
  operands: OperandKind;
  /** Shows content from the repository (any tracked file, at any commit). */
  readsContent: boolean;
}

const shape = (
  table: OptionTable,
  operands: OperandKind,
  readsContent: boolean,
): SubcommandShape => ({
  table,
  operands,
  readsContent,
});

export const READ_ONLY_SUBCOMMANDS: Readonly<Record<string, SubcommandShape>> = {
  status: shape(
    table(
      { s: "flag", b: "flag", v: "flag", z: "flag", u: "optional", M: "flag" },
      flags(
        "--short --branch --long --show-stash --ahead-behind --no-ahead-behind --renames --no-renames --verbose --null --no-column",
      ),
      optionals(
        "--porcelain --untracked-files --ignored --ignore-submodules --column --find-renames",
      ),
    ),
    "paths",
    false,
  ),
  log: shape(
    table({ ...DIFF_SHORT, ...REV_SHORT, L: "text" }, DIFF_LONG, REV_LONG, LOG_LONG),
    "revisions",
    true,
  ),
  whatchanged: shape(
    table({ ...DIFF_SHORT, ...REV_SHORT, L: "text" }, DIFF_LONG, REV_LONG, LOG_LONG),
    "revisions",
    true,
  ),
  show: shape(
    table({ ...DIFF_SHORT, ...REV_SHORT, L: "text" }, DIFF_LONG, REV_LONG, LOG_LONG),
    "revisions",
    true,
  ),
  diff: shape(table(DIFF_SHORT, DIFF_LONG), "revisions", true),
  "diff-tree": shape(
    table(
      { ...DIFF_SHORT, r: "flag", t: "flag", m: "flag", c: "flag", v: "flag" },
      DIFF_LONG,
      flags("--root --stdin --no-commit-id --always"),
    ),
    "revisions",
    true,
  ),
  "diff-index": shape(table(DIFF_SHORT, DIFF_LONG), "revisions", true),
  "diff-files": shape(table(DIFF_SHORT, DIFF_LONG), "revisions", true),
  blame: shape(
    table(
      {
        b: "flag",
        c: "flag",
        l: "flag",
        t: "flag",
        s: "flag",
        e: "flag",
        w: "flag",
        f: "flag",
        n: "flag",
        p: "flag",
        L: "text",
        S: "read",
        M: "optional",
        C: "optional",
      },
      flags(
        "--root --show-stats --incremental --porcelain --line-porcelain --show-name --show-number --show-email --progress --no-progress --score-debug --minimal --color-lines --color-by-age",
      ),
      texts("--since --ignore-rev --date --encoding"),
      flags("--reverse"),
      optionals("--abbrev"),
      { "--contents": "read", "--ignore-revs-file": "read" },
    ),
    "revisions",
    true,
  ),
  annotate: shape(table({ L: "text" }, {}), "revisions", true),
  shortlog: shape(
    table(
      { n: "flag", s: "flag", e: "flag", c: "flag", w: "optional" },
      REV_LONG,
      flags("--numbered --summary --email --committer"),
      texts("--group --format"),
    ),
    "revisions",
    true,
  ),
  "rev-list": shape(
    table(REV_SHORT, REV_LONG, flags("--quiet --disk-usage --header --timestamp")),
    "revisions",
    true,
  ),
  "rev-parse": shape(
    table(
      { q: "flag" },
      flags(
        "--verify --quiet --short --abbrev-ref --symbolic --symbolic-full-name --all --branches --tags --remotes --show-toplevel --show-prefix --show-cdup --git-dir --absolute-git-dir --git-common-dir --is-inside-git-dir --is-inside-work-tree --is-bare-repository --is-shallow-repository --show-superproject-working-tree --shared-index-path --show-object-format --show-ref-format --local-env-vars --revs-only --no-revs --flags --no-flags --sq --not --default --prefix --sq-quote --parseopt --stop-at-non-option --keep-dashdash",
      ),
      optionals("--short --abbrev-ref --branches --tags --remotes --disambiguate --path-format"),
      texts("--glob --exclude --since --after --until --before --resolve-git-dir --git-path"),
    ),
    "names",
    false,
  ),
  "ls-files": shape(
    table(
      {
        c: "flag",
        d: "flag",
        m: "flag",
        o: "flag",
        i: "flag",
        s: "flag",
        u: "flag",
        k: "flag",
        z: "flag",
        t: "flag",
        v: "flag",
        f: "flag",
        x: "text",
        X: "read",
      },
      flags(
        "--cached --deleted --modified --others --ignored --stage --unmerged --killed --directory --no-empty-directory --eol --deduplicate --exclude-standard --error-unmatch --full-name --recurse-submodules --debug --resolve-undo --sparse",
      ),
      optionals("--abbrev"),
      texts("--exclude --format --with-tree"),
      { "--exclude-from": "read", "--exclude-per-directory": "text" },
    ),
    "paths",
    true,
  ),
  "ls-tree": shape(
    table(
      { d: "flag", r: "flag", t: "flag", l: "flag", z: "flag" },
      flags("--long --name-only --name-status --object-only --full-name --full-tree"),
      optionals("--abbrev"),
      texts("--format"),
    ),
    "revisions",
    true,
  ),
  "cat-file": shape(
    table(
      { t: "flag", s: "flag", e: "flag", p: "flag", Z: "flag" },
      flags(
        "--batch-all-objects --buffer --unordered --follow-symlinks --allow-unknown-type --use-mailmap --no-use-mailmap --mailmap --no-mailmap",
      ),
      optionals("--batch --batch-check --batch-command"),
      { "--textconv": "exec", "--filters": "exec", "--path": "text" },
    ),
    "revisions",
    true,
  ),
  describe: shape(
    table(
      {},
      flags("--all --tags --contains --long --always --first-parent --exact-match --debug"),
      optionals("--abbrev --dirty --broken"),
      texts("--candidates --match --exclude"),
    ),
    "names",
    false,
  ),
  "name-rev": shape(
    table(
      {},
      flags("--tags --all --stdin --annotate-stdin --name-only --no-undefined --always"),
      texts("--refs --exclude"),
    ),
    "names",
    false,
  ),
  "merge-base": shape(
    table({ a: "flag" }, flags("--all --octopus --independent --is-ancestor --fork-point")),
    "names",
    false,
  ),
  "for-each-ref": shape(
    table(
      { s: "flag", p: "flag" },
      flags("--shell --perl --python --tcl --ignore-case --omit-empty --include-root-refs"),
      texts(
        "--count --sort --format --points-at --merged --no-merged --contains --no-contains --exclude",
      ),
    ),
    "names",
    false,
  ),
  "show-ref": shape(
    table(
      { d: "flag", s: "optional", q: "flag" },
      flags(
        "--head --heads --tags --branches --verify --exists --dereference --quiet --exclude-existing",
      ),
      optionals("--hash --abbrev"),
    ),
    "names",
    false,
  ),
  "count-objects": shape(
    table({ v: "flag", H: "flag" }, flags("--verbose --human-readable")),
    "names",
    false,
  ),
  "check-ignore": shape(
    table(
      { q: "flag", v: "flag", n: "flag", z: "flag" },
      flags("--quiet --verbose --non-matching --no-index --stdin"),
    ),
    "paths",
    false,
  ),
  "check-attr": shape(
    table({ a: "flag", z: "flag" }, flags("--all --cached --stdin"), texts("--source")),
    "names",
    false,
  ),
  var: shape(table({ l: "flag" }, {}), "names", false),
  version: shape(table({}, flags("--build-options")), "names", false),
  help: shape(
    table(
      // Not -i, -m or -w: they start info, man or a web browser.
      { a: "flag", g: "flag" },
      flags("--all --guides --config --verbose --no-verbose --no-external-commands --no-aliases"),
    ),
    "names",
    false,
  ),
  grep: shape(
    table(
      {
        ...Object.fromEntries([..."aiIwvhHEGFPnlLzocqWp"].map((l) => [l, "flag" as const])),
        e: "text",
        f: "read",
        A: "text",
        B: "text",
        C: "text",
        m: "text",
        O: "exec",
      },
      flags(
        "--cached --no-index --untracked --no-exclude-standard --exclude-standard --recurse-submodules --text --textconv --no-textconv --ignore-case --word-regexp --invert-match --full-name --extended-regexp --basic-regexp --perl-regexp --fixed-strings --line-number --column --files-with-matches --name-only --files-without-match --null --only-matching --count --all-match --quiet --break --heading --show-function --function-context --and --or --not --no-color",
      ),
      optionals("--color"),
      texts("--max-depth --threads --max-count --after-context --before-context --context"),
      { "--open-files-in-pager": ["exec", "-O"], "--textconv": "exec" },
    ),
    "revisions",
    true,
  ),
};
