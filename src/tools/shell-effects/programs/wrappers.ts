import type { ShellWord } from "../../shell-parse/index.js";
import { isSafeAssignment, steersCode } from "../environment.js";
import { type OptionTable, scanOptions } from "../option-scan.js";
import type { ProgramSpec, ProgramUse } from "../types.js";

const nothing = (): ProgramUse => ({ reads: [], writes: [], modelled: true });

/** What a program that runs code keel cannot follow does: never read-only, refused by deny rules. */
export function opaqueUse(why: string): ProgramUse {
  return { ...nothing(), opaque: why, notReadOnly: why };
}

/** A program that always runs code keel cannot follow. */
export function opaque(why: string): ProgramSpec {
  return () => opaqueUse(why);
}

/** How a wrapper is read: its options, words before the command, whether it is transparent. */
interface WrapperShape {
  options: OptionTable;
  /** Words between the options and the command (`timeout`'s duration). */
  leading?: number;
  /**
   * True when wrapping changes nothing a permission cares about (`time`, `timeout`, `nice`):
   * the command is then read-only exactly when the wrapped one is.
   */
  transparent: boolean;
}

/**
 * A program that runs the rest of its arguments as a command (`timeout 5 cmd`, `nohup cmd`):
 * the command is analysed in turn. Options keel does not know make it opaque: they could
 * change what runs.
 */
export function wrapper(name: string, shape: WrapperShape): ProgramSpec {
  return (args) => {
    const scan = scanOptions(args, { ...shape.options, stopAtOperand: true });
    if ("problem" in scan) return opaqueUse(`${name}: ${scan.problem}`);
    const command = scan.operands.slice(shape.leading ?? 0);
    const use = nothing();
    if (!shape.transparent) use.notReadOnly = `${name} is not a read-only command`;
    if (command.length > 0) use.runs = [{ words: command, openEnded: false }];
    return use;
  };
}

/** `command [-pvV] name args`: `-v`/`-V` only describe the name. */
export const commandSpec: ProgramSpec = (args) => {
  const scan = scanOptions(args, {
    short: { p: "flag", v: "flag", V: "flag" },
    stopAtOperand: true,
  });
  if ("problem" in scan) return opaqueUse(`command: ${scan.problem}`);
  if (scan.has("-v") || scan.has("-V")) return nothing();
  return scan.operands.length > 0
    ? { ...nothing(), runs: [{ words: scan.operands, openEnded: false }] }
    : nothing();
};

/** `env [-i0] [-u NAME] [NAME=VALUE…] [command…]`; `-S` splits a string into a command. */
export const envSpec: ProgramSpec = (args) => {
  const scan = scanOptions(args, {
    short: { i: "flag", "0": "flag", u: "text", v: "flag", S: "exec", C: "exec" },
    long: {
      "--ignore-environment": "flag",
      "--null": "flag",
      "--unset": "text",
      "--debug": "flag",
      "--split-string": ["exec", "-S"],
      "--chdir": ["exec", "-C"],
    },
    stopAtOperand: true,
  });
  if ("problem" in scan) return opaqueUse(`env: ${scan.problem}`);
  const use = nothing();
  const split = scan.values("-S");
  // env -S has escapes and `${VAR}` of its own: only plain text is read as a command.
  if (split.some((word) => /[\\$]/.test(word.value)))
    return opaqueUse("env -S with escapes or variables");
  if (split.length > 0) {
    use.scripts = split;
    use.notReadOnly = "env -S runs a command";
  }
  if (scan.has("-C")) return opaqueUse("env -C runs a command in another folder");
  let at = 0;
  const assignments: string[] = [];
  for (const word of scan.operands) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.value);
    if (!match || word.dynamic.length > 0) break;
    assignments.push(match[1] as string);
    at++;
  }
  const steering = assignments.find(steersCode);
  if (steering) return opaqueUse(`env sets ${steering}, which can change what a program runs`);
  use.assignments = assignments.filter((name) => !isSafeAssignment(name));
  const command = scan.operands.slice(at);
  if (command.length > 0) {
    use.runs = [{ words: command, openEnded: false }];
    use.notReadOnly ??= "env runs a command";
  } else if (assignments.length > 0 || scan.has("-i") || scan.has("-u")) {
    use.notReadOnly ??= "env with changes and no command";
  }
  return use;
};

/** `xargs [options] [command [initial-arguments]]`: the command gets more arguments from stdin. */
export const xargsSpec: ProgramSpec = (args) => {
  const scan = scanOptions(args, {
    short: {
      "0": "flag",
      a: "read",
      d: "text",
      E: "text",
      I: "text",
      L: "text",
      n: "text",
      P: "text",
      p: "flag",
      r: "flag",
      s: "text",
      t: "flag",
      x: "flag",
      o: "flag",
    },
    long: {
      "--null": ["flag", "-0"],
      "--arg-file": ["read", "-a"],
      "--delimiter": ["text", "-d"],
      "--max-lines": ["text", "-L"],
      "--max-args": ["text", "-n"],
      "--max-procs": ["text", "-P"],
      "--interactive": ["flag", "-p"],
      "--no-run-if-empty": ["flag", "-r"],
      "--max-chars": ["text", "-s"],
      "--verbose": ["flag", "-t"],
      "--exit": ["flag", "-x"],
      "--open-tty": ["flag", "-o"],
      "--show-limits": "flag",
    },
    stopAtOperand: true,
  });
  if ("problem" in scan) return opaqueUse(`xargs: ${scan.problem}`);
  const replace = scan.values("-I")[0]?.value;
  const command = scan.operands.length > 0 ? [...scan.operands] : [echoWord];
  const words = replace === undefined ? command : command.map((word) => replaced(word, replace));
  return {
    reads: scan.values("-a").map((word) => ({ word, use: "entry" as const })),
    writes: [],
    modelled: true,
    notReadOnly: "xargs runs a command with arguments from its input",
    runs: [{ words, openEnded: true }],
  };
};

const echoWord: ShellWord = { text: "echo", value: "echo", dynamic: [] };

/** A word holding xargs' replace string is only known at run time. */
function replaced(word: ShellWord, replace: string): ShellWord {
  return word.value.includes(replace) ? { ...word, dynamic: [...word.dynamic, "other"] } : word;
}

/** `exec [-cl] [-a name] [command…]`: with no command it only applies redirections. */
export const execSpec: ProgramSpec = (args) => {
  const scan = scanOptions(args, {
    short: { c: "flag", l: "flag", a: "text" },
    stopAtOperand: true,
  });
  if ("problem" in scan) return opaqueUse(`exec: ${scan.problem}`);
  if (scan.operands.length === 0) return { ...nothing(), notReadOnly: "exec changes the shell" };
  return {
    ...nothing(),
    notReadOnly: "exec replaces the shell",
    runs: [{ words: scan.operands, openEnded: false }],
  };
};

/** `builtin name args`: runs a shell builtin. */
export const builtinSpec: ProgramSpec = (args) =>
  args.length > 0 ? { ...nothing(), runs: [{ words: args, openEnded: false }] } : nothing();
