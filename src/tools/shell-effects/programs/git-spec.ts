import { resolve } from "node:path";
import type { ShellWord } from "../../shell-parse/index.js";
import { physicalPath } from "../file-system.js";
import { findRepository, gitConfigProblem } from "../git-repository.js";
import { type OptionScan, type OptionTable, scanOptions } from "../option-scan.js";
import type { ProgramSpec, ProgramUse, SpecContext, WordUse } from "../types.js";
import { READ_ONLY_SUBCOMMANDS, type SubcommandShape } from "./git-subcommands.js";
import { guessedUse } from "./guessed-use.js";
import { literal, merge } from "./table-spec.js";
import { opaqueUse } from "./wrappers.js";

/** git's options before the subcommand that change nothing a permission cares about. */
const HARMLESS_GLOBALS = new Set([
  "--no-pager",
  "-P",
  "-p",
  "--paginate",
  "--no-optional-locks",
  "--literal-pathspecs",
  "--glob-pathspecs",
  "--noglob-pathspecs",
  "--icase-pathspecs",
  "--no-replace-objects",
  "--no-advice",
  "--version",
  "--help",
  "--html-path",
  "--man-path",
  "--info-path",
]);

/** Options that point git at configuration or programs keel has not looked at. */
const STEERING_GLOBALS =
  /^(-c|--config-env|--git-dir|--work-tree|--namespace|--exec-path|--super-prefix|--bare|--list-cmds)(=|$)/;

/** Subcommands that run programs of their arguments' or configuration's choosing. */
const RUNS_PROGRAMS = new Set([
  "bisect",
  "rebase",
  "submodule",
  "filter-branch",
  "filter-repo",
  "difftool",
  "mergetool",
  "daemon",
  "instaweb",
  "web--browse",
  "send-email",
  "credential",
  "p4",
  "svn",
  "cvsimport",
  "archimport",
  "quiltimport",
  "run-command",
  "hook",
  "worktree",
  "commit",
  "merge",
  "pull",
  "push",
  "fetch",
  "clone",
  "am",
  "cherry-pick",
  "revert",
  "checkout",
  "switch",
  "restore",
  "reset",
  "stash",
  "gc",
  "maintenance",
  "notes",
  "tag",
  "branch",
  "config",
  "remote",
  "reflog",
  "add",
  "rm",
  "mv",
  "clean",
  "apply",
  "init",
  "update-index",
  "update-ref",
  "symbolic-ref",
  "format-patch",
  "archive",
  "bundle",
  "replace",
  "sparse-checkout",
  "lfs",
]);

interface GitPlace {
  /** The folder git runs in (`-C` applied), absolute; undefined when keel cannot know it. */
  cwd: string | undefined;
  /** Words read because `-C` names them (the folder must be readable). */
  reads: WordUse[];
}

/** Reads git's global options; `-C` moves where the subcommand runs. */
function readGlobals(
  args: readonly ShellWord[],
  context: SpecContext,
): { at: number; place: GitPlace } | { use: ProgramUse } {
  const place: GitPlace = { cwd: context.cwd, reads: [] };
  let at = 0;
  for (; at < args.length; at++) {
    const word = args[at] as ShellWord;
    if (word.dynamic.length > 0)
      return { use: opaqueUse(`git: ${word.text} is only known at run time`) };
    if (!word.value.startsWith("-")) break;
    if (word.value === "-C") {
      const folder = args[++at];
      if (!folder || folder.dynamic.length > 0)
        return { use: opaqueUse("git -C with a folder only known at run time") };
      // git moves with chdir(2): `link/..` is the parent of the link's target.
      place.cwd =
        place.cwd === undefined
          ? undefined
          : physicalPath(within(place.cwd, folder.value), context.fs);
      place.reads.push({ word: literal(place.cwd ?? folder.value), use: "entry" });
      continue;
    }
    if (STEERING_GLOBALS.test(word.value)) {
      return {
        use: opaqueUse(`git ${word.value} sets configuration or programs that can run code`),
      };
    }
    if (!HARMLESS_GLOBALS.has(word.value))
      return { use: opaqueUse(`git: ${word.value} is not an option keel knows`) };
  }
  return { at, place };
}

/** A path as the kernel reads it from `cwd`: unnormalised, since `link/..` follows the link. */
function within(cwd: string, path: string): string {
  return path.startsWith("/") ? path : `${cwd}/${path}`;
}

/** A path made absolute from where git runs (`-C` included), as a word keel made. */
function fromGitFolder(word: ShellWord, place: GitPlace): ShellWord {
  // A word only known at run time stays one: it is not a path yet.
  if (place.cwd === undefined || word.dynamic.length > 0) return word;
  return literal(within(place.cwd, word.value));
}

/**
 * `REV:path` names a file of a commit (or `:path`, `:N:path` of the index): relative to the
 * work tree's top, or to git's folder when it starts with `./` or `../`.
 */
function blobPath(operand: string, place: GitPlace, top: string | undefined): string | undefined {
  const match = /^(?:[^:]*|:\d):(.+)$/.exec(operand);
  if (!match || operand.startsWith(":/")) return undefined;
  const path = match[1] as string;
  if (/^\.\.?\//.test(path)) return place.cwd === undefined ? undefined : resolve(place.cwd, path);
  return top === undefined ? undefined : resolve(top, path);
}

/** What the operands of a read-only subcommand read: files, blobs of commits, the whole history. */
function operandReads(
  shape: SubcommandShape,
  scan: OptionScan,
  place: GitPlace,
  context: SpecContext,
): WordUse[] {
  const repository = place.cwd === undefined ? undefined : findRepository(place.cwd, context.fs);
  const top = repository?.top ?? place.cwd;
  const reads: WordUse[] = [...place.reads];
  // History holds every file the project ever tracked: reading it reads the whole work tree's worth.
  if (shape.readsContent) reads.push({ word: literal(top ?? "."), use: "tree" });
  if (shape.operands === "names") return reads;
  for (const word of scan.operands) {
    const blob = blobPath(word.value, place, top);
    if (blob !== undefined) reads.push({ word: literal(blob), use: "tree" });
    else if (shape.operands === "paths" || !word.value.includes(":"))
      reads.push({ word: fromGitFolder(word, place), use: "tree" });
  }
  return reads;
}

/** List forms of subcommands that otherwise change the repository. */
/** Options that make `git branch` and `git tag` list instead of create. */
const LISTING_OPTIONS = [
  "--list",
  "-l",
  "--contains",
  "--no-contains",
  "--merged",
  "--no-merged",
  "--points-at",
];

/** List forms of subcommands that otherwise change the repository. */
const isListing = (scan: OptionScan) =>
  scan.operands.length === 0 || LISTING_OPTIONS.some((name) => scan.has(name));

/** Options `git branch` and `git tag` share in their list forms. */
const LISTING_LONG: OptionTable["long"] = {
  "--list": ["flag", "-l"],
  "--ignore-case": ["flag", "-i"],
  "--omit-empty": "flag",
  "--contains": "optional",
  "--no-contains": "optional",
  "--merged": "optional",
  "--no-merged": "optional",
  "--points-at": "text",
  "--sort": "text",
  "--format": "text",
  "--color": "optional",
  "--no-color": "flag",
  "--column": "optional",
  "--no-column": "flag",
  "--help": "flag",
};

const BRANCH_TABLE: OptionTable = {
  short: { a: "flag", r: "flag", v: "flag", l: "flag", q: "flag", i: "flag" },
  long: {
    ...LISTING_LONG,
    "--all": ["flag", "-a"],
    "--remotes": ["flag", "-r"],
    "--verbose": ["flag", "-v"],
    "--quiet": ["flag", "-q"],
    "--show-current": "flag",
    "--abbrev": "optional",
    "--no-abbrev": "flag",
  },
};

const TAG_TABLE: OptionTable = {
  short: { l: "flag", n: "optional", i: "flag" },
  long: LISTING_LONG,
};

const LIST_TABLES: Readonly<Record<string, OptionTable>> = { branch: BRANCH_TABLE, tag: TAG_TABLE };

const every = (words: readonly string[], allowed: RegExp) =>
  words.every((word) => allowed.test(word));

/**
 * Read-only forms of subcommands that otherwise change things: whether they show repository
 * content (`stash show`) or only names (`remote -v`); undefined for any other form.
 */
const READING_FORMS: Readonly<
  Record<string, (words: readonly string[]) => "content" | "names" | undefined>
> = {
  remote: (words) => {
    if (every(words, /^(-v|--verbose)$/)) return "names";
    return words[0] === "get-url" && every(words.slice(1), /^(--push|--all|[^-].*)$/)
      ? "names"
      : undefined;
  },
  stash: ([verb, ...words]) =>
    (verb === "list" &&
      every(words, /^(--oneline|-\d+|--stat|-p|--patch|--(format|pretty)=.*)$/)) ||
    (verb === "show" &&
      every(words, /^(-p|--patch|--stat|--name-only|--name-status|stash@\{\d+\}|\d+)$/))
      ? "content"
      : undefined,
  worktree: ([verb, ...words]) =>
    verb === "list" && every(words, /^(--porcelain|-v|--verbose|-z)$/) ? "names" : undefined,
  reflog: (words) => {
    const rest = words[0] === "show" ? words.slice(1) : words;
    return every(rest, /^(--oneline|-\d+|--date=.*|--(format|pretty)=.*|[A-Za-z][\w./@{}-]*)$/) &&
      !["expire", "delete", "exists", "drop"].includes(words[0] ?? "")
      ? "content"
      : undefined;
  },
};

/** `git config` reading (`--get`, `--list` …); anything else writes a configuration file. */
function configUse(args: readonly ShellWord[], place: GitPlace, context: SpecContext): ProgramUse {
  const readForms =
    /^(--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|--show-origin|--show-scope|--name-only|--null|-z|--includes|--no-includes|--type=.*|--bool|--int|--path|--default=.*|get|list)$/;
  const scopes = /^(--local|--global|--system|--worktree)$/;
  const reading = args.some((w) => /^(--get.*|--list|-l|get|list)$/.test(w.value));
  const options = args.filter((w) => w.value.startsWith("-") || ["get", "list"].includes(w.value));
  const known = options.every((w) => readForms.test(w.value) || scopes.test(w.value));
  if (reading && known && args.every((w) => w.dynamic.length === 0))
    return { reads: [...place.reads], writes: [], modelled: true };
  const repository = place.cwd === undefined ? undefined : findRepository(place.cwd, context.fs);
  const global = args.some((w) => w.value === "--global");
  const fileOption = args.findIndex((w) => w.value === "--file" || w.value === "-f");
  const target =
    fileOption !== -1 && args[fileOption + 1]
      ? fromGitFolder(args[fileOption + 1] as ShellWord, place)
      : literal(
          global
            ? `${context.home}/.gitconfig`
            : `${repository?.gitDir ?? `${place.cwd ?? "."}/.git`}/config`,
        );
  return {
    reads: [...place.reads],
    writes: [{ word: target, use: "entry" }],
    notReadOnly: "git config changes git's configuration",
    modelled: true,
  };
}

/**
 * git: global options (`-C` moves it; `-c` and its kin set configuration that can run code:
 * opaque), then the subcommand. Read-only subcommands read what they show (the whole history
 * counts as the work tree, `REV:path` as that file); the others may run hooks, filters and
 * aliases: opaque, so a deny rule for any program refuses them.
 */
export const gitSpec: ProgramSpec = (args, context) => {
  const globals = readGlobals(args, context);
  if ("use" in globals) return globals.use;
  const { at, place } = globals;
  const sub = args[at];
  if (!sub) return { reads: place.reads, writes: [], modelled: true };
  const rest = args.slice(at + 1);
  if (place.cwd !== undefined && place.cwd !== context.cwd) {
    const problem = gitConfigProblem(place.cwd, context.fs);
    if (problem) return opaqueUse(problem);
  }
  if (sub.value === "config") return configUse(rest, place, context);
  const form = rest.every((word) => word.dynamic.length === 0)
    ? READING_FORMS[sub.value]?.(rest.map((word) => word.value))
    : undefined;
  if (form === "names") return { reads: place.reads, writes: [], modelled: true };
  if (form === "content") {
    const top =
      place.cwd === undefined
        ? undefined
        : (findRepository(place.cwd, context.fs)?.top ?? place.cwd);
    return {
      reads: [...place.reads, { word: literal(top ?? "."), use: "tree" }],
      writes: [],
      modelled: true,
    };
  }
  const shape = READ_ONLY_SUBCOMMANDS[sub.value];
  const listTable = LIST_TABLES[sub.value];
  if (listTable) {
    const scan = scanOptions(rest, listTable);
    if (
      !("problem" in scan) &&
      isListing(scan) &&
      !scan.options.some((o) => o.kind === "forbidden")
    ) {
      return { reads: place.reads, writes: [], modelled: true };
    }
  }
  if (shape) {
    const scan = scanOptions(rest, shape.table);
    if ("problem" in scan)
      return merge(guessedUse(rest, `git ${sub.value}: ${scan.problem}`), { reads: place.reads });
    const exec = scan.options.find((o) => o.kind === "exec");
    if (exec) return opaqueUse(`git ${sub.value} ${exec.name} runs a program`);
    const write = scan.options.find((o) => o.kind === "write" && o.value);
    const reads = operandReads(shape, scan, place, context);
    for (const option of scan.options) {
      if (option.kind === "read" && option.value)
        reads.push({ word: fromGitFolder(option.value, place), use: "entry" });
    }
    if (write?.value) {
      return {
        reads,
        writes: [{ word: fromGitFolder(write.value, place), use: "entry" }],
        notReadOnly: `git ${sub.value} ${write.name} writes a file`,
        modelled: true,
      };
    }
    return { reads, writes: [], modelled: true };
  }
  if (RUNS_PROGRAMS.has(sub.value) || !/^[a-z][a-z0-9-]*$/.test(sub.value)) {
    const use = merge(
      guessedUse(rest, `git ${sub.value} changes the repository and can run hooks`),
      { reads: place.reads },
    );
    return {
      ...use,
      opaque: `git ${sub.value} can run hooks, filters or programs from its configuration`,
    };
  }
  return opaqueUse(
    `git ${sub.value} is not a subcommand keel knows (an alias can run any program)`,
  );
};
