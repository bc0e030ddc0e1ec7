import {
  type ParsedCommand,
  parseShellCommand,
  type Redirection,
  type ShellWord,
  type SimpleCommand,
} from "../tools/shell-parse/index.js";
import {
  denyOnlyForms,
  isRiskyAssignment,
  isStaticWord,
  stripWrappers,
  wordPath,
} from "./shell-words.js";

/** One simple command of a Bash command line, in the forms rules are matched against. */
export interface BashPart {
  /** The command's source text. */
  text: string;
  /** What an allow rule must match: the words as bash passes them, with and without wrappers. */
  allowForms: string[];
  /** What deny and ask rules look at: the allow forms plus the source text. */
  denyForms: string[];
  /** False when no content rule may vouch for it (a dynamic command name, risky assignments). */
  allowable: boolean;
  /** The words after wrappers, as bash passes them (for suggestions). */
  words: ShellWord[];
  /** The parsed command (absent when the line did not parse). */
  command?: SimpleCommand;
}

/** A file a command reads or writes; `path` is absent when it is only known at run time. */
export interface FileTarget {
  text: string;
  path?: string;
}

/** What the permission engine needs to know about a Bash command line. */
export interface BashAnalysis {
  /** False when the command did not parse: no allow rule can apply to it. */
  parsed: boolean;
  parts: BashPart[];
  reads: FileTarget[];
  writes: FileTarget[];
  /** The parse itself (absent when the line did not parse). */
  parsedCommand?: ParsedCommand;
}

/** Devices a redirection may use without touching any file. */
const HARMLESS_TARGETS = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;

/** Commands whose plain arguments are files they read or write (Read/Edit rules cover them). */
const READS_ARGS = new Set([
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "wc",
  "nl",
  "tac",
  "od",
  "xxd",
  "hexdump",
  "strings",
  "base64",
  "sort",
  "uniq",
  "cut",
  "file",
  "stat",
  "diff",
  "cmp",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "source",
  ".",
]);
const WRITES_ARGS = new Set([
  "rm",
  "rmdir",
  "touch",
  "mkdir",
  "tee",
  "truncate",
  "mv",
  "shred",
  "unlink",
]);

/** Parses `command` and describes its parts and the files it touches. */
export async function analyzeBash(
  command: string,
  cwd: string,
  home: string,
): Promise<BashAnalysis> {
  const parsed = await parseShellCommand(command);
  if (parsed.parseError) return unparsedAnalysis(command);
  return describeParsed(parsed, cwd, home);
}

/** The analysis of a parsed command (pure; exported for tests that parse themselves). */
export function describeParsed(parsed: ParsedCommand, cwd: string, home: string): BashAnalysis {
  const reads: FileTarget[] = [];
  const writes: FileTarget[] = [];
  for (const redirection of parsed.redirections) {
    const target = redirectionTarget(redirection, cwd, home);
    if (!target) continue;
    if (redirection.writes) writes.push(target);
    else if (redirection.operator.startsWith("<") && !redirection.operator.startsWith("<&"))
      reads.push(target);
  }
  const parts = parsed.commands.map((command) => describePart(command));
  for (const part of parts) collectFileArgs(part.words, cwd, home, reads, writes);
  return { parsed: true, parts, reads, writes, parsedCommand: parsed };
}

function redirectionTarget(r: Redirection, cwd: string, home: string): FileTarget | undefined {
  if (r.kind !== "file" || !r.target) return undefined;
  if (!r.writes && /^\d+$|^-$/.test(r.target.value) && r.operator.includes("&")) return undefined;
  if (HARMLESS_TARGETS.test(r.target.value) && isStaticWord(r.target)) return undefined;
  const path = wordPath(r.target, cwd, home);
  return path === undefined ? { text: r.target.text } : { text: r.target.text, path };
}

function describePart(command: SimpleCommand): BashPart {
  const values = command.argv.map((word) => word.value);
  const stripped = stripWrappers(values);
  const words = command.argv.slice(values.length - stripped.length);
  const allowForms = [...new Set([values.join(" "), stripped.join(" ")])].filter((f) => f !== "");
  const nameIsStatic = command.argv[0] === undefined || isStaticWord(command.argv[0]);
  const firstAfterWrappers = words[0];
  const allowable =
    nameIsStatic &&
    (firstAfterWrappers === undefined || isStaticWord(firstAfterWrappers)) &&
    !command.assignments.some((a) => isRiskyAssignment(a.name));
  return {
    text: command.text,
    allowForms,
    denyForms: [...new Set([...allowForms, command.text, ...denyOnlyForms(values)])],
    allowable,
    words,
    command,
  };
}

function collectFileArgs(
  words: readonly ShellWord[],
  cwd: string,
  home: string,
  reads: FileTarget[],
  writes: FileTarget[],
): void {
  const name = words[0]?.value ?? "";
  const copies = name === "cp";
  if (!copies && !READS_ARGS.has(name) && !WRITES_ARGS.has(name)) return;
  const targets = fileArguments(words.slice(1)).map((word) => {
    const path = wordPath(word, cwd, home);
    return path === undefined ? { text: word.text } : { text: word.text, path };
  });
  if (copies) {
    // cp reads its sources and writes its last argument.
    const destination = targets.pop();
    reads.push(...targets);
    if (destination) writes.push(destination);
  } else (READS_ARGS.has(name) ? reads : writes).push(...targets);
}

/** The arguments that are not options (everything after `--` counts). */
function fileArguments(args: readonly ShellWord[]): ShellWord[] {
  const files: ShellWord[] = [];
  let afterDashes = false;
  for (const word of args) {
    if (!afterDashes && word.value === "--") afterDashes = true;
    else if (afterDashes || !word.value.startsWith("-")) files.push(word);
  }
  return files;
}

/** A command that does not parse: deny and ask rules still see its rough pieces; nothing is allowed. */
function unparsedAnalysis(command: string): BashAnalysis {
  const pieces = command
    .split(/&&|\|\||[;&|\n]|\$\(|`|\)/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const parts = [command.trim(), ...pieces].map((text) => ({
    text,
    allowForms: [],
    denyForms: [text, text.replace(/\s+/g, " ")],
    allowable: false,
    words: [],
  }));
  return { parsed: false, parts, reads: [], writes: [] };
}
