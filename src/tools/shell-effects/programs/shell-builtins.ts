import type { ShellWord } from "../../shell-parse/index.js";
import { steersCode } from "../environment.js";
import type { ProgramSpec, ProgramUse } from "../types.js";
import { literal } from "./table-spec.js";
import { opaqueUse } from "./wrappers.js";

const reads = (): ProgramUse => ({ reads: [], writes: [], modelled: true });

/** `cd [-L|-P|-e|-@] [dir]`: the folder later commands run in. */
export const cdSpec: ProgramSpec = (args, context) => {
  const operands = args.filter((word) => !/^-[LPe@]+$/.test(word.value) || word.dynamic.length > 0);
  const [target, extra] = operands;
  if (extra) return { ...reads(), notReadOnly: "cd takes one folder", chdir: "unknown" };
  // The home folder is where later commands run: it must be inside like any other folder.
  if (!target)
    return { ...reads(), reads: [{ word: literal(context.home), use: "entry" }], chdir: "home" };
  if (target.value === "-" || target.value.startsWith("-")) {
    return {
      ...reads(),
      notReadOnly: "cd - goes back to a folder keel did not track",
      chdir: "unknown",
    };
  }
  return { reads: [{ word: target, use: "entry" }], writes: [], modelled: true, chdir: target };
};

/** `pushd dir` moves like cd; `pushd` alone, `pushd +N` and `popd` go back to folders keel did not track. */
export const pushdSpec: ProgramSpec = (args) => {
  const [target, extra] = args.filter((word) => word.value !== "-n");
  if (!target || extra || /^[+-]/.test(target.value))
    return { ...reads(), notReadOnly: "pushd", chdir: "unknown" };
  return {
    reads: [{ word: target, use: "entry" }],
    writes: [],
    modelled: true,
    notReadOnly: "pushd",
    chdir: target,
  };
};

export const popdSpec: ProgramSpec = () => ({ ...reads(), notReadOnly: "popd", chdir: "unknown" });

/** Builtins whose arguments are text: read-only when every argument is known. */
export const textOnly: ProgramSpec = (args) => {
  const dynamic = args.find((word) => word.dynamic.length > 0);
  return dynamic ? { ...reads(), notReadOnly: `${dynamic.text} is expanded at run time` } : reads();
};

/**
 * `printf [-v var] format [args]`: `-v` assigns a variable, and bash evaluates an array
 * subscript in its name (`-v 'a[$(cmd)]'` runs cmd).
 */
export const printfSpec: ProgramSpec = (args, context) => {
  const v = args.findIndex((word) => word.value === "-v" || word.value.startsWith("-v"));
  if (v !== -1 && args.slice(0, v).every((w) => w.value !== "--")) {
    const name = args[v]?.value === "-v" ? args[v + 1] : args[v];
    if (!name || name.dynamic.length > 0 || name.value.includes("[")) {
      return opaqueUse("printf -v with a subscript evaluates it, which can run commands");
    }
    return { ...reads(), notReadOnly: "printf -v sets a variable" };
  }
  return textOnly(args, context);
};

/**
 * Builtins that take variable names (`declare`, `export`, `read`, `unset`, `let` …): a name
 * with a subscript is evaluated (it can run commands), and exporting a variable that steers
 * programs (`PATH`, `LD_PRELOAD`) changes what later commands run.
 */
export function variableBuiltin(name: string): ProgramSpec {
  return (args) => {
    const risky = args.find((word) => namesSubscript(word) || steersCode(assignedName(word)));
    if (risky) return opaqueUse(`${name} ${risky.text} can change or run code`);
    return { ...reads(), notReadOnly: `${name} changes the shell's variables` };
  };
}

function namesSubscript(word: ShellWord): boolean {
  return word.dynamic.length > 0 || word.value.includes("[");
}

function assignedName(word: ShellWord): string {
  return word.value.replace(/^[-+]\w*$/, "").split("=")[0] ?? "";
}

/** `set`: shell options; only those that change nothing a permission cares about. */
export const setSpec: ProgramSpec = (args) => {
  const harmless = /^[-+][euxvCfBhHmbP]+$/;
  const harmlessNames = new Set([
    "pipefail",
    "errexit",
    "nounset",
    "xtrace",
    "verbose",
    "noclobber",
    "noglob",
    "errtrace",
    "functrace",
    "noexec",
  ]);
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    if (word.dynamic.length > 0) return opaqueUse(`set ${word.text} is only known at run time`);
    const named = /^[-+]([euxvCfBhHmbP]*)o$/.exec(word.value);
    if (named) {
      const option = args[++i]?.value ?? "";
      if (!harmlessNames.has(option))
        return opaqueUse(`set -o ${option} is not an option keel reads`);
    } else if (word.value === "--" || word.value === "-") {
      return { ...reads(), notReadOnly: "set replaces the positional parameters" };
    } else if (!harmless.test(word.value)) {
      return opaqueUse(`set ${word.value} is not an option keel reads`);
    }
  }
  return reads();
};

/**
 * `test`, `[` and `[[`: file tests read the files' details; `-v`/`-R` and arithmetic on
 * anything but plain integers evaluate subscripts, which can run commands.
 */
export function testSpec(name: "test" | "[" | "[["): ProgramSpec {
  return (args) => {
    const closing = name === "[" ? "]" : name === "[[" ? "]]" : undefined;
    if (closing && args[args.length - 1]?.value !== closing) {
      return { ...reads(), notReadOnly: `no closing ${closing}` };
    }
    const words = closing ? args.slice(0, -1) : args;
    if (words.some((word) => word.value === "-v" || word.value === "-R")) {
      return opaqueUse(`${name} -v evaluates a subscript, which can run commands`);
    }
    for (const [i, word] of words.entries()) {
      if (!ARITHMETIC.has(word.value)) continue;
      const sides = [words[i - 1], words[i + 1]];
      if (
        !sides.every(
          (side) => side && side.dynamic.length === 0 && /^\s*[-+]?\d+\s*$/.test(side.value),
        )
      ) {
        return opaqueUse(`${name} arithmetic on something other than a number can run commands`);
      }
    }
    const dynamic = words.find((word) => word.dynamic.length > 0);
    const operands = words.filter((_word, i) => isOperand(words, i));
    return {
      reads: operands.map((word) => ({ word, use: "entry" as const })),
      writes: [],
      modelled: true,
      ...(dynamic ? { notReadOnly: `${dynamic.text} is expanded at run time` } : {}),
    };
  };
}

const ARITHMETIC = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const OPERATORS = new Set(["!", "=", "==", "!=", "<", ">", "(", ")", "&&", "||", "=~", "-a", "-o"]);

/** Operators between two strings or numbers: their sides are text, not files. */
const BINARY = new Set(["=", "==", "!=", "<", ">", "=~", ...ARITHMETIC, "-nt", "-ot", "-ef"]);

/** A word a test may treat as a file: not an operator, not a side of a comparison. */
function isOperand(words: readonly ShellWord[], index: number): boolean {
  const word = words[index] as ShellWord;
  if (OPERATORS.has(word.value) || /^-[a-zA-Z]{1,2}$/.test(word.value)) return false;
  const before = words[index - 1]?.value ?? "";
  const after = words[index + 1]?.value ?? "";
  const fileComparison =
    before === "-nt" ||
    before === "-ot" ||
    before === "-ef" ||
    after === "-nt" ||
    after === "-ot" ||
    after === "-ef";
  return fileComparison || (!BINARY.has(before) && !BINARY.has(after));
}
