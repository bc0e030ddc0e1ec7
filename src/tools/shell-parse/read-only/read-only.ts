import { resolve } from "node:path";
import type { ParsedCommand, Redirection, ShellWord, SimpleCommand } from "../types.js";
import { READ_ONLY_COMMANDS } from "./command-specs.js";
import {
  HARMLESS_DEVICES,
  type PathScope,
  pathProblem,
  physical,
  type RealPath,
  resolveRoots,
} from "./paths.js";

/** Where a command would run and which folders it may touch. */
export interface ReadOnlyOptions {
  /** The directory the command starts in. */
  cwd: string;
  /** The working folders every path must stay inside. */
  workingDirs: readonly string[];
  /** Resolves symlinks (e.g. fs.realpathSync.native); without it paths are compared as written. */
  realpath?: RealPath;
}

/** Whether a command only reads inside the working folders, and if not, why. */
export type ReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

/** True only when every part of the command is a read-only command on paths inside the working folders. */
export function isReadOnlyCommand(parsed: ParsedCommand, options: ReadOnlyOptions): boolean {
  return readOnlyVerdict(parsed, options).readOnly;
}

/** The read-only verdict with the first reason it fails (for messages and tests). */
export function readOnlyVerdict(parsed: ParsedCommand, options: ReadOnlyOptions): ReadOnlyVerdict {
  const reason = firstProblem(parsed, options);
  return reason === undefined ? { readOnly: true } : { readOnly: false, reason };
}

function firstProblem(parsed: ParsedCommand, options: ReadOnlyOptions): string | undefined {
  if (parsed.parseError) return `the command does not parse: ${parsed.parseError}`;
  const construct = parsed.constructs[0];
  if (construct) return `the command uses ${construct.replace(/_/g, " ")}`;
  if (parsed.operators.includes("&")) return "the command runs something in the background";
  const scope = lazyScope(options);
  for (const command of parsed.commands) {
    const problem = commandProblem(command, scope);
    if (problem) return problem;
  }
  for (const redirection of parsed.redirections) {
    const problem = redirectionProblem(redirection, scope);
    if (problem) return problem;
  }
  return undefined;
}

/** The directories a command may be in, growing with its `cd`s. */
type CommandScope = PathScope & { cwds: string[] };

/**
 * The scope, resolved on first use: most commands name no path (`true`, `git status`), and
 * resolving the working folders through symlinks costs more than the rest of the check.
 */
function lazyScope(options: ReadOnlyOptions): () => CommandScope {
  let scope: CommandScope | undefined;
  return () =>
    (scope ??= {
      cwds: [physical(resolve(options.cwd), options.realpath)],
      roots: resolveRoots(options.workingDirs, options.realpath),
      ...(options.realpath ? { realpath: options.realpath } : {}),
    });
}

function commandProblem(command: SimpleCommand, scope: () => CommandScope) {
  if (command.inSubstitution) return `${command.text} runs inside a substitution`;
  if (command.assignments.length > 0) return `${command.text} sets variables`;
  const [name, ...args] = command.argv;
  if (!name) return undefined;
  if (name.dynamic.length > 0) return `the command name ${name.text} is computed at run time`;
  const expanded = args.find((w) => w.dynamic.some((kind) => kind !== "glob"));
  if (expanded) return `${expanded.text} is expanded at run time`;
  if (name.value === "cd") return changeDirectory(args, scope);
  const check = Object.hasOwn(READ_ONLY_COMMANDS, name.value)
    ? READ_ONLY_COMMANDS[name.value]
    : undefined;
  if (!check) return `${name.value} is not in the read-only list`;
  const verdict = check(args.map((w) => w.value));
  if (!verdict.ok) return `${name.value}: ${verdict.reason}`;
  const globs = args.filter((w) => w.dynamic.includes("glob")).map((w) => w.value);
  for (const path of [...verdict.paths, ...globs]) {
    const problem = pathProblem(path, scope());
    if (problem) return problem;
  }
  return undefined;
}

/** `cd DIR` inside the working folders: later paths may be relative to DIR as well. */
function changeDirectory(args: readonly ShellWord[], lazy: () => CommandScope) {
  const operands = args.filter((w) => w.value !== "-P" && w.value !== "-L");
  const target = operands[0];
  if (operands.length !== 1 || !target || target.dynamic.length > 0) {
    return "cd needs exactly one folder written out";
  }
  if (target.value === "-" || target.value.startsWith("-")) return "cd - depends on history";
  const scope = lazy();
  const problem = pathProblem(target.value, scope);
  if (problem) return problem;
  const moved = scope.cwds.map((cwd) => physical(resolve(cwd, target.value), scope.realpath));
  scope.cwds.push(...moved.filter((cwd) => !scope.cwds.includes(cwd)));
  return undefined;
}

function redirectionProblem(redirection: Redirection, scope: () => PathScope): string | undefined {
  const target = redirection.target;
  if (!target) return undefined;
  if (target.dynamic.length > 0) {
    return `the redirection ${redirection.operator} ${target.text} is expanded at run time`;
  }
  if (redirection.kind !== "file") return undefined;
  if (HARMLESS_DEVICES.has(target.value)) return undefined;
  if (redirection.writes) return `the command writes to ${target.value}`;
  if (redirection.operator.includes("&")) return undefined; // duplicates a descriptor
  return pathProblem(target.value, scope());
}
