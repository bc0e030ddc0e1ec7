import type { CommandVerdict } from "./flag-scan.js";

/** find actions that run programs, delete, or write files. */
const FORBIDDEN = new Set([
  "-exec",
  "-execdir",
  "-ok",
  "-okdir",
  "-delete",
  "-fprint",
  "-fprint0",
  "-fprintf",
  "-fls",
]);

/** Tests that take a text value. */
const TEXT_VALUE = new Set([
  "-name",
  "-iname",
  "-path",
  "-ipath",
  "-wholename",
  "-iwholename",
  "-regex",
  "-iregex",
  "-lname",
  "-ilname",
  "-type",
  "-xtype",
  "-maxdepth",
  "-mindepth",
  "-size",
  "-mtime",
  "-mmin",
  "-atime",
  "-amin",
  "-ctime",
  "-cmin",
  "-used",
  "-user",
  "-group",
  "-uid",
  "-gid",
  "-perm",
  "-links",
  "-inum",
  "-fstype",
  "-regextype",
  "-printf",
  "-context",
]);

/** Tests whose value names a file. */
const PATH_VALUE = new Set(["-newer", "-anewer", "-cnewer", "-samefile", "-files0-from"]);

/** Operators that group or combine tests. */
const GROUPING = new Set(["(", ")", "!", ","]);

/** Options before the starting points. */
const LEADING_OPTIONS = new Set(["-H", "-L", "-P"]);

/** find: starting points and file-valued tests are paths; actions that act are refused. */
export function findArgs(args: readonly string[]): CommandVerdict {
  const paths: string[] = [];
  let i = 0;
  while (i < args.length && (LEADING_OPTIONS.has(args[i] ?? "") || /^-O\d$/.test(args[i] ?? ""))) {
    i++;
  }
  if (args[i] === "-D") return { ok: false, reason: "-D is not supported" };
  while (i < args.length && !startsExpression(args[i] ?? "")) paths.push(args[i++] ?? "");
  for (; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (FORBIDDEN.has(arg)) return { ok: false, reason: `${arg} is not read-only` };
    if (TEXT_VALUE.has(arg) || /^-newer[amcB]t$/.test(arg)) {
      i++;
    } else if (PATH_VALUE.has(arg) || /^-newer[amcB][amcB]$/.test(arg)) {
      i++;
      paths.push(args[i] ?? "");
    } else if (!arg.startsWith("-") && !GROUPING.has(arg)) {
      paths.push(arg); // the value of a test this table does not know: assume a file
    }
  }
  return { ok: true, paths };
}

function startsExpression(arg: string): boolean {
  return arg.startsWith("-") || GROUPING.has(arg);
}
