import { type CommandVerdict, type FlagSpec, withFlags } from "./flag-scan.js";

/** Options before the subcommand that change nothing on disk. */
const GLOBAL_OPTIONS = new Set(["--no-pager", "-P", "--no-optional-locks"]);

/** Options of log, show and diff: `--output` writes a file, `--ext-diff` runs a program. */
const HISTORY: FlagSpec = {
  short: { n: "text", S: "text", G: "text", L: "text", O: "path" },
  long: {
    "--max-count": "text",
    "--skip": "text",
    "--author": "text",
    "--committer": "text",
    "--grep": "text",
    "--since": "text",
    "--until": "text",
    "--after": "text",
    "--before": "text",
  },
  forbidden: ["--output", "--ext-diff"],
};

const BRANCH_LISTING: FlagSpec = {
  long: {
    "--contains": "text",
    "--no-contains": "text",
    "--merged": "text",
    "--no-merged": "text",
    "--points-at": "text",
    "--sort": "text",
    "--format": "text",
  },
  onlyAllowed: [
    "-a",
    "--all",
    "-r",
    "--remotes",
    "-v",
    "--verbose",
    "-l",
    "--list",
    "--show-current",
    "--color",
    "--no-color",
    "-i",
    "--ignore-case",
    "--omit-empty",
  ],
};

/** Operands of these subcommands are revisions or paths: checked as paths (revisions stay inside). */
const SUBCOMMANDS: Readonly<Record<string, (args: readonly string[]) => CommandVerdict>> = {
  status: withFlags({}),
  diff: withFlags(HISTORY),
  log: withFlags(HISTORY),
  show: withFlags(HISTORY),
  "rev-parse": withFlags({}),
  "ls-files": withFlags({
    short: { x: "text", X: "path" },
    long: {
      "--exclude": "text",
      "--exclude-from": "path",
      "--exclude-per-directory": "text",
      "--with-tree": "text",
      "--format": "text",
    },
  }),
  blame: withFlags({
    short: { L: "text", S: "path" },
    long: {
      "--contents": "path",
      "--ignore-rev": "text",
      "--ignore-revs-file": "path",
      "--date": "text",
    },
  }),
  branch: withFlags(BRANCH_LISTING, (scan) => {
    const listing = scan.flags.has("-l") || scan.flags.has("--list");
    if (scan.positionals.length > 0 && !listing) {
      return { ok: false, reason: "branch with a name creates a branch" };
    }
    return { ok: true, paths: scan.paths };
  }),
  remote: remoteArgs,
};

/** git: global options that change nothing, then a subcommand from the read-only list. */
export function gitArgs(args: readonly string[]): CommandVerdict {
  let i = 0;
  while (i < args.length && GLOBAL_OPTIONS.has(args[i] ?? "")) i++;
  const subcommand = args[i];
  if (subcommand === undefined) return { ok: false, reason: "no subcommand" };
  const check = SUBCOMMANDS[subcommand];
  if (!check) return { ok: false, reason: `${subcommand} is not a read-only subcommand` };
  return check(args.slice(i + 1));
}

/** `git remote`, `git remote -v`, `git remote get-url [--push|--all] <name>`. */
function remoteArgs(args: readonly string[]): CommandVerdict {
  const listing = args.every((a) => a === "-v" || a === "--verbose");
  const getUrl =
    args[0] === "get-url" &&
    args.slice(1).filter((a) => !a.startsWith("-")).length === 1 &&
    args.slice(1).every((a) => !a.startsWith("-") || a === "--push" || a === "--all");
  if (listing || getUrl) return { ok: true, paths: [] };
  return { ok: false, reason: "remote that is not a listing" };
}
