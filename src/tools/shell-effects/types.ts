import type { ShellWord, SimpleCommand } from "../shell-parse/index.js";
import type { FileSystemView } from "./file-system.js";

/**
 * How a command uses a path: the file itself (its content, or a folder's own details), the
 * names in a folder, or everything below it.
 */
export type PathUse = "entry" | "listing" | "tree";

/** One file a path may name: as bash writes it (`..` by name) and where the kernel lands. */
export interface PathForms {
  written: string;
  real: string;
}

/** A path a command reads or writes. */
export interface PathAccess {
  /** The word as written in the command (for messages). */
  text: string;
  /** Every file it may name: one per possible current folder and glob match. */
  paths: PathForms[];
  use: PathUse;
  /**
   * False for paths guessed from the arguments of a program keel does not model: it may or
   * may not use them (and may use them as a folder tree).
   */
  certain: boolean;
}

/** A path keel cannot resolve before bash runs (a variable, a substitution, an unknown folder). */
export interface UnresolvedAccess {
  text: string;
  reason: string;
  /** As for PathAccess: false when only guessed from an unmodelled program's arguments. */
  certain: boolean;
}

/** A program the command line runs, as far as keel can name it. */
export interface ProgramRun {
  /** The words bash passes, program first (the source text for words only known at run time). */
  words: string[];
  /** The name keel gives the program (`rm` for `/bin/rm`); absent when it cannot name it. */
  name?: string;
  /** Arguments are added at run time (`xargs rm`, `find -exec rm {} +`). */
  openEnded: boolean;
  /** The command's source text. */
  text: string;
  /** The folders it may run in (empty when keel cannot know). */
  cwds: readonly string[];
}

/** A word position in a program's arguments, with what the program does with it. */
export interface WordUse {
  word: ShellWord;
  use: PathUse;
}

/** Words that start another program (a wrapper's command, `find -exec`, `xargs`). */
export interface NestedRun {
  words: readonly ShellWord[];
  openEnded: boolean;
}

/** What one program does with its arguments (from its spec, or guessed for unknown programs). */
export interface ProgramUse {
  reads: WordUse[];
  writes: WordUse[];
  /** Why these arguments make the program more than a reader; absent when it only reads. */
  notReadOnly?: string;
  /** Programs it starts, analysed in turn. */
  runs?: NestedRun[];
  /** Shell scripts it runs from its arguments (`sh -c '…'`, `watch '…'`), parsed in turn. */
  scripts?: ShellWord[];
  /** Why it may run code keel cannot see or name. */
  opaque?: string;
  /** Why it may read or write files keel cannot list (names from stdin or a file). */
  unknownReads?: string;
  unknownWrites?: string;
  /** Variables it sets for the program it starts (`env A=1 cmd`), other than harmless ones. */
  assignments?: string[];
  /** A `cd` and where to: a word, the home folder, or somewhere keel cannot know. */
  chdir?: ShellWord | "home" | "unknown";
  /** False for the guess made for a program keel does not model. */
  modelled: boolean;
  /**
   * A program that writes files whose arguments keel could not read (a word only known at
   * run time where an option may stand): its guessed targets are written for certain.
   */
  writesFiles?: true;
}

/** How a program's arguments are read: the spec of one command. */
export type ProgramSpec = (args: readonly ShellWord[], context: SpecContext) => ProgramUse;

/** What a spec may consult besides the arguments. */
export interface SpecContext {
  /** The environment bash runs with. */
  env: Readonly<Record<string, string | undefined>>;
  /** The physical folder the program runs in; undefined when keel cannot know it. */
  cwd: string | undefined;
  /** The home folder (`~`). */
  home: string;
  fs: FileSystemView;
}

/** Everything one simple command of the line does. */
export interface PartEffects {
  command: SimpleCommand;
  runs: ProgramRun[];
  reads: PathAccess[];
  writes: PathAccess[];
  unresolvedReads: UnresolvedAccess[];
  unresolvedWrites: UnresolvedAccess[];
  opaque: string[];
  /** Why this command alone is not a read-only command (empty when it is). */
  notReadOnly: string[];
  /**
   * Variables the command sets in front of its program, other than harmless ones (locale,
   * colours): no allow rule vouches for a program run in an environment it did not name.
   */
  assignments: string[];
}

/** What a Bash command line does, as far as keel can prove before it runs. */
export interface ShellEffects {
  /** False when the line does not parse: nothing about it is known. */
  parsed: boolean;
  /** Each simple command, in source order (those inside substitutions and scripts included). */
  parts: PartEffects[];
  /** Every program the line runs that keel can see. */
  runs: ProgramRun[];
  reads: PathAccess[];
  writes: PathAccess[];
  unresolvedReads: UnresolvedAccess[];
  unresolvedWrites: UnresolvedAccess[];
  /** Why the line may run code keel cannot see or name (empty when it cannot). */
  opaque: string[];
  /** Why the line is not read-only (empty when every part is, and nothing else stops it). */
  notReadOnly: string[];
  /** True when the line may change the shell's folder (`cd`, `pushd`, `popd`). */
  changesDirectory: boolean;
}

/** Where and how a command line would run. */
export interface EffectContext {
  /** The folder the shell is in (the Bash tool's current folder). */
  cwd: string;
  /** The home folder (`~`) when the environment names none. */
  home: string;
  /** The environment bash runs with (PATH, HOME, CDPATH …). */
  env: Readonly<Record<string, string | undefined>>;
  fs: FileSystemView;
}
