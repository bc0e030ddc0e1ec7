import { homedir } from "node:os";
import {
  analyseShell,
  type EffectContext,
  type PartEffects,
  realFileSystem,
  type ShellEffects,
} from "../tools/shell-effects/index.js";
import type { ShellWord } from "../tools/shell-parse/index.js";
import { stripWrappers } from "./shell-words.js";

/** One simple command of a Bash command line, in the forms allow rules are matched against. */
export interface BashPart {
  /** The command's source text. */
  text: string;
  /** What an allow rule must match: the words as bash passes them, with and without wrappers. */
  allowForms: string[];
  /**
   * False when no content rule may vouch for it: its program is only known at run time, or it
   * runs with variables set in front that a rule did not name.
   */
  allowable: boolean;
  /** The words after wrappers, as bash passes them (for suggestions). */
  words: ShellWord[];
  /** What the command does (absent when the line did not parse). */
  effects?: PartEffects;
}

/** What the permission engine knows about a Bash command line. */
export interface BashAnalysis {
  /** False when the command did not parse: no allow rule can apply to it. */
  parsed: boolean;
  parts: BashPart[];
  /** Its programs, the files it reads and writes, and what keel cannot see. */
  effects: ShellEffects;
}

/** Where a command line is judged from (the shell's folder, its environment). */
export interface BashPlaces {
  cwd: string;
  home: string;
  env?: Readonly<Record<string, string | undefined>>;
  fs?: EffectContext["fs"];
}

/** Parses `command` and describes its parts and effects. */
export async function analyzeBash(command: string, places: BashPlaces): Promise<BashAnalysis> {
  const effects = await analyseShell(command, {
    cwd: places.cwd,
    home: places.home || homedir(),
    env: places.env ?? {},
    fs: places.fs ?? realFileSystem,
  });
  const parts = effects.parsed ? effects.parts.map(describePart) : [unparsedPart(command)];
  return { parsed: effects.parsed, parts, effects };
}

function describePart(effects: PartEffects): BashPart {
  const command = effects.command;
  const values = command.argv.map((word) => word.value);
  const stripped = stripWrappers(values);
  const words = command.argv.slice(values.length - stripped.length);
  const allowForms = [...new Set([values.join(" "), stripped.join(" ")])].filter((f) => f !== "");
  const isStatic = (word: ShellWord | undefined) => word === undefined || word.dynamic.length === 0;
  return {
    text: command.text,
    allowForms,
    allowable: isStatic(command.argv[0]) && isStatic(words[0]) && effects.assignments.length === 0,
    words,
    effects,
  };
}

function unparsedPart(command: string): BashPart {
  return { text: command.trim(), allowForms: [], allowable: false, words: [] };
}
