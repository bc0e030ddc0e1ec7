import { basename, resolve } from "node:path";
import type { ParsedCommand, Redirection, ShellWord, SimpleCommand } from "../shell-parse/index.js";
import { DirectorySet } from "./directories.js";
import { isSafeAssignment, isSystemProgram, steersCode } from "./environment.js";
import { expandWord, isDevice, pathForms } from "./expand.js";
import { physicalPath } from "./file-system.js";
import { guessedUse, guessedUseOf } from "./programs/guessed-use.js";
import { programSpec } from "./programs/index.js";
import type { EffectContext, PartEffects, ProgramUse, ShellEffects, WordUse } from "./types.js";

/** How deep wrappers and `sh -c` scripts are followed before keel gives up on seeing more. */
const MAX_DEPTH = 4;

/** Parses a script found inside a command (`sh -c '…'`); undefined when it cannot yet. */
export type ScriptParser = (script: string) => ParsedCommand | undefined;

/** What the walk over one command line carries along. */
export interface Walk {
  context: EffectContext;
  dirs: DirectorySet;
  depth: number;
  parseScript: ScriptParser;
}

/** Reads what a parsed command line does: its programs, the files it reads and writes. */
export function analyseParsed(
  parsed: ParsedCommand,
  context: EffectContext,
  parseScript: ScriptParser,
): ShellEffects {
  const walk: Walk = {
    context,
    dirs: new DirectorySet(physicalPath(resolve(context.cwd), context.fs)),
    depth: 0,
    parseScript,
  };
  const effects = analyseLine(parsed, walk);
  effects.changesDirectory = walk.dirs.changed;
  return effects;
}

/** The effects of a parsed line in a walk (a top-level line, or a script found in one). */
export function analyseLine(parsed: ParsedCommand, walk: Walk): ShellEffects {
  if (parsed.parseError) return unparsedEffects(parsed.source, parsed.parseError);
  const effects = emptyEffects();
  for (const construct of parsed.constructs) {
    effects.notReadOnly.push(`the command uses ${construct.replace(/_/g, " ")}`);
    if (construct === "function_definition") {
      effects.opaque.push("it defines a shell function, whose calls keel does not follow");
    }
  }
  for (const reason of parsed.unseenCode) {
    effects.opaque.push(reason);
    effects.notReadOnly.push(reason);
  }
  if (parsed.operators.includes("&"))
    effects.notReadOnly.push("it runs something in the background");
  const attached = new Set<Redirection>();
  for (const command of parsed.commands) {
    for (const redirection of command.redirections) attached.add(redirection);
    const part = analysePart(command, walk);
    effects.parts.push(part);
    absorb(effects, part);
  }
  const loose = parsed.redirections.filter((r) => !attached.has(r));
  if (loose.length > 0) {
    const holder = emptyPart({
      text: parsed.source,
      argv: [],
      assignments: [],
      redirections: loose,
      inSubstitution: false,
      inSubshell: false,
    });
    addRedirections(holder, loose, walk);
    absorb(effects, holder);
  }
  return effects;
}

function emptyEffects(): ShellEffects {
  return {
    parsed: true,
    parts: [],
    runs: [],
    reads: [],
    writes: [],
    unresolvedReads: [],
    unresolvedWrites: [],
    opaque: [],
    notReadOnly: [],
    changesDirectory: false,
  };
}

function emptyPart(command: SimpleCommand): PartEffects {
  return {
    command,
    runs: [],
    reads: [],
    writes: [],
    unresolvedReads: [],
    unresolvedWrites: [],
    opaque: [],
    notReadOnly: [],
    assignments: [],
  };
}

/** A line that does not parse: keel knows nothing of it. */
export function unparsedEffects(source: string, error: string): ShellEffects {
  const reason = `the command does not parse (${error})`;
  const guess = { text: source, reason, certain: false };
  return {
    ...emptyEffects(),
    parsed: false,
    opaque: [reason],
    notReadOnly: [reason],
    unresolvedReads: [guess],
    unresolvedWrites: [guess],
  };
}

function absorb(into: ShellEffects | PartEffects, from: ShellEffects | PartEffects): void {
  into.runs.push(...from.runs);
  into.reads.push(...from.reads);
  into.writes.push(...from.writes);
  into.unresolvedReads.push(...from.unresolvedReads);
  into.unresolvedWrites.push(...from.unresolvedWrites);
  into.opaque.push(...from.opaque);
  into.notReadOnly.push(...from.notReadOnly);
}

/** One simple command: its assignments, its program (and what that starts), its redirections. */
function analysePart(command: SimpleCommand, walk: Walk): PartEffects {
  const part = emptyPart(command);
  if (command.inSubstitution) part.notReadOnly.push(`${command.text} runs inside a substitution`);
  for (const assignment of command.assignments) {
    const known = !assignment.value || assignment.value.dynamic.length === 0;
    const safe = isSafeAssignment(assignment.name) && known && command.argv.length > 0;
    if (!safe) part.notReadOnly.push(`${command.text} sets ${assignment.name}`);
    if (isSafeAssignment(assignment.name)) continue;
    if (command.argv.length > 0) part.assignments.push(assignment.name);
    if (steersCode(assignment.name)) {
      part.opaque.push(`setting ${assignment.name} can change what a program runs`);
    }
  }
  if (command.argv.length > 0) analyseRun(command.argv, false, part, walk, command.text);
  addRedirections(part, command.redirections, walk);
  return part;
}

/** A program and its arguments (the command's own, or started by another program). */
export function analyseRun(
  words: readonly ShellWord[],
  openEnded: boolean,
  part: PartEffects,
  walk: Walk,
  text: string,
): void {
  const [nameWord, ...args] = words;
  if (!nameWord) return;
  if (walk.depth > MAX_DEPTH) {
    part.opaque.push(`${text} nests programs deeper than keel follows`);
    part.notReadOnly.push("programs nested too deep");
    return;
  }
  const name = programName(nameWord, walk);
  if (name.name === undefined) {
    part.runs.push({
      words: [nameWord.text, ...args.map((w) => w.value)],
      openEnded,
      text,
      cwds: [...walk.dirs.known],
    });
    part.opaque.push(name.reason);
    part.notReadOnly.push(name.reason);
    absorbUse(part, guessedUse(args, name.reason), walk, text, openEnded);
    return;
  }
  const spec = programSpec(name.name);
  const folders = walk.dirs.known.length > 0 ? walk.dirs.known : [undefined];
  const seen = new Set<string>();
  for (const folder of folders) {
    const expanded = args.flatMap((word) => expandWord(word, folder, walk.context));
    const key = expanded.map((w) => `${w.value}\u0000${w.dynamic.length}`).join("\u0001");
    if (seen.has(key)) continue;
    seen.add(key);
    part.runs.push({
      words: [name.name, ...expanded.map((w) => (w.dynamic.length > 0 ? w.text : w.value))],
      name: name.name,
      openEnded,
      text,
      cwds: [...walk.dirs.known],
    });
    const specContext = {
      env: walk.context.env,
      cwd: folder,
      home: walk.context.env.HOME ?? walk.context.home,
      fs: walk.context.fs,
    };
    const use = spec
      ? spec(expanded, specContext)
      : guessedUseOf(name.name, expanded, `${name.name} is not a read-only command`);
    absorbUse(part, use, walk, text, openEnded);
  }
}

/** The name keel gives a program, or why it cannot name it. */
function programName(word: ShellWord, walk: Walk): { name?: string; reason: string } {
  if (word.dynamic.length > 0) {
    return { reason: `the program ${word.text} is only known at run time` };
  }
  if (!word.value.includes("/")) return { name: word.value, reason: "" };
  const [cwd, other] = walk.dirs.known;
  const file = word.value.startsWith("/")
    ? physicalPath(word.value, walk.context.fs)
    : cwd !== undefined && other === undefined
      ? physicalPath(`${cwd}/${word.value}`, walk.context.fs)
      : undefined;
  if (file !== undefined && isSystemProgram(file, walk.context.fs)) {
    return { name: basename(file), reason: "" };
  }
  return { reason: `${word.value} is a program named by its path, which keel cannot name` };
}

/** Adds what a program does with its arguments to the part, following what it starts. */
function absorbUse(
  part: PartEffects,
  use: ProgramUse,
  walk: Walk,
  text: string,
  openEnded: boolean,
): void {
  const folders = walk.dirs.known;
  const lost = walk.dirs.unknownReason;
  const resolveAll = (uses: readonly WordUse[], into: "reads" | "writes") => {
    const unresolved = into === "reads" ? part.unresolvedReads : part.unresolvedWrites;
    const certain = use.modelled || (into === "writes" && use.writesFiles === true);
    for (const { word, use: how } of uses) {
      if (word.dynamic.length > 0) {
        unresolved.push({
          text: word.text,
          reason: `${word.text} is only known at run time`,
          certain,
        });
        continue;
      }
      if (isDevice(word.value)) continue;
      const paths = pathForms(word.value, folders, walk.context);
      if (paths) part[into].push({ text: word.text, paths, use: how, certain });
      else unresolved.push({ text: word.text, reason: lost ?? "unknown folder", certain });
    }
  };
  resolveAll(use.reads, "reads");
  resolveAll(use.writes, "writes");
  if (use.notReadOnly) part.notReadOnly.push(use.notReadOnly);
  if (use.opaque) part.opaque.push(use.opaque);
  if (use.unknownReads)
    part.unresolvedReads.push({ text, reason: use.unknownReads, certain: true });
  if (use.unknownWrites)
    part.unresolvedWrites.push({ text, reason: use.unknownWrites, certain: true });
  if (openEnded) addOpenEnded(part, use, text);
  part.assignments.push(...(use.assignments ?? []));
  // A folder change comes first: `git -C dir log` runs its log in dir.
  if (use.chdir !== undefined) changeDirectory(use.chdir, walk);
  const nested: Walk = { ...walk, depth: walk.depth + 1 };
  for (const run of use.runs ?? []) {
    analyseRun(run.words, run.openEnded, part, nested, text);
  }
  for (const script of use.scripts ?? []) analyseScript(script, part, nested);
}

/** Arguments added at run time (`xargs`, `find -exec … +`) may be more files to read or write. */
function addOpenEnded(part: PartEffects, use: ProgramUse, text: string): void {
  const reason = `${text} is given more arguments at run time`;
  part.notReadOnly.push(reason);
  const writes = !use.modelled || use.writes.length > 0 || use.notReadOnly !== undefined;
  part.unresolvedReads.push({ text, reason, certain: use.modelled });
  if (writes) part.unresolvedWrites.push({ text, reason, certain: use.modelled });
}

function changeDirectory(target: ShellWord | "home" | "unknown", walk: Walk): void {
  const { dirs, context } = walk;
  if (target === "unknown") dirs.lose();
  else if (target === "home") dirs.change(context.env.HOME ?? context.home, context.fs);
  else if (target.dynamic.length > 0) dirs.lose();
  else if (context.env.CDPATH && !/^\.{0,2}\//.test(target.value)) dirs.lose();
  else dirs.change(target.value, context.fs);
}

/** File redirections: `<` reads, `>` and friends write; heredocs and herestrings are data. */
function addRedirections(
  part: PartEffects,
  redirections: readonly Redirection[],
  walk: Walk,
): void {
  for (const redirection of redirections) {
    const target = redirection.target;
    if (redirection.kind !== "file" || !target) {
      if (target && target.dynamic.length > 0)
        part.notReadOnly.push(`the ${redirection.operator} data is expanded at run time`);
      continue;
    }
    const duplicate = redirection.operator.includes("&") && !redirection.writes;
    if (duplicate && /^(\d+|-)$/.test(target.value) && target.dynamic.length === 0) continue;
    const into = redirection.writes ? "writes" : "reads";
    const folders = walk.dirs.known.length > 0 ? walk.dirs.known : [undefined];
    const words = folders.flatMap((folder) => expandWord(target, folder, walk.context));
    for (const word of words) {
      if (word.dynamic.length > 0) {
        const reason = `the ${redirection.operator} target ${target.text} is only known at run time`;
        (into === "reads" ? part.unresolvedReads : part.unresolvedWrites).push({
          text: target.text,
          reason,
          certain: true,
        });
        part.notReadOnly.push(reason);
        continue;
      }
      if (isDevice(word.value)) continue;
      if (into === "writes") part.notReadOnly.push(`it writes to ${word.value}`);
      const paths = pathForms(word.value, walk.dirs.known, walk.context);
      if (paths) part[into].push({ text: target.text, paths, use: "entry", certain: true });
      else {
        const reason = walk.dirs.unknownReason ?? "unknown folder";
        (into === "reads" ? part.unresolvedReads : part.unresolvedWrites).push({
          text: target.text,
          reason,
          certain: true,
        });
      }
    }
  }
}

/** A script a program runs from its arguments (`sh -c '…'`): its own line, from here. */
function analyseScript(script: ShellWord, part: PartEffects, walk: Walk): void {
  if (script.dynamic.length > 0) {
    part.opaque.push(`it runs the script ${script.text}, only known at run time`);
    part.notReadOnly.push("it runs a script");
    return;
  }
  const parsed = walk.parseScript(script.value);
  if (!parsed) {
    part.opaque.push(`keel could not read the script ${script.text} yet`);
    part.notReadOnly.push("it runs a script");
    return;
  }
  const inner = analyseLine(parsed, { ...walk, dirs: walk.dirs.copy() });
  absorb(part, inner);
  part.notReadOnly.push("it runs a script");
}
