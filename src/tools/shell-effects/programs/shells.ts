import type { ShellWord } from "../../shell-parse/index.js";
import { type OptionTable, scanOptions } from "../option-scan.js";
import type { ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { guessedUse } from "./guessed-use.js";
import { opaqueUse } from "./wrappers.js";

/** bash's and POSIX sh's options (set-style letters, `-o name`, bash's long options). */
const SH_OPTIONS: OptionTable = {
  short: Object.fromEntries([
    ...[..."aBbCEefhHlmnpPrtTuvx"].map((letter) => [letter, "flag"] as const),
    ["c", "flag"],
    ["s", "flag"],
    ["i", "flag"],
    ["k", "flag"],
    ["o", "text"],
    ["O", "text"],
    ["D", "flag"],
  ]),
  long: {
    "--norc": "flag",
    "--noprofile": "flag",
    "--login": ["flag", "-l"],
    "--posix": "flag",
    "--restricted": ["flag", "-r"],
    "--verbose": ["flag", "-v"],
    "--noediting": "flag",
    "--rcfile": "read",
    "--init-file": "read",
  },
  stopAtOperand: true,
};

/**
 * `bash`/`sh`/`dash`/`ksh`: `-c script` runs the script (read in turn, from the same folder),
 * a file operand is a script keel does not read (like `npm test`), and no operand (or `-s`,
 * `-i`) reads commands from standard input, which keel cannot see. `+o`-style options and
 * `-k` (assignments anywhere) are not followed.
 */
export const shellSpec: ProgramSpec = (args) => {
  if (args.some((word) => word.value.startsWith("+")))
    return opaqueUse("shell options keel does not read");
  const scan = scanOptions(args, SH_OPTIONS);
  if ("problem" in scan) return opaqueUse(`the shell's ${scan.problem}`);
  if (scan.has("-k")) return opaqueUse("-k makes every assignment reach the environment");
  if (scan.has("-i") || scan.has("-s")) return opaqueUse("the shell reads commands from its input");
  const rcFiles: WordUse[] = [...scan.values("--rcfile"), ...scan.values("--init-file")].map(
    (word) => ({
      word,
      use: "entry",
    }),
  );
  const [first, ...rest] = scan.operands;
  if (scan.has("-c")) {
    if (!first) return opaqueUse("-c without a script");
    return {
      reads: rcFiles,
      writes: [],
      modelled: true,
      scripts: [first],
      notReadOnly: "the shell runs a script",
    };
  }
  if (!first) return opaqueUse("the shell reads commands from its input");
  return scriptRunner(first, rest, "the shell runs a script file");
};

/** A script read from a file (`bash x.sh`, `python x.py`): keel sees the file, not what it does. */
function scriptRunner(script: ShellWord, args: readonly ShellWord[], why: string): ProgramUse {
  const guess = guessedUse(args, why);
  return { ...guess, reads: [{ word: script, use: "entry" }, ...guess.reads] };
}

/** An interpreter's grammar: its options, which of them run code given inline, its own rules. */
interface InterpreterShape {
  options: OptionTable;
  /** Options whose presence means inline code (`-c`, `-e`, `--eval`). */
  inline: readonly string[];
  /** Options that name a module to run instead of a file (`python -m`): still a script. */
  module?: readonly string[];
}

/**
 * An interpreter: inline code (`python -c`, `node -e`) or code from standard input is
 * opaque; a script file is a script keel does not read; options keel does not know make it
 * opaque (one of them could take the script's place).
 */
export function interpreter(name: string, shape: InterpreterShape): ProgramSpec {
  return (args) => {
    const scan = scanOptions(args, { ...shape.options, stopAtOperand: true });
    if ("problem" in scan) return opaqueUse(`${name}: ${scan.problem}`);
    const inline = shape.inline.find((option) => scan.has(option));
    if (inline) return opaqueUse(`${name} ${inline} runs code given on the command line`);
    const module = (shape.module ?? []).find((option) => scan.has(option));
    if (module) return guessedUse(scan.operands, `${name} ${module} runs a module`);
    const [first, ...rest] = scan.operands;
    // `node --version` prints and exits before any code would be read.
    const onlyAsks = scan.options.every((option) => /^(--version|--help|-V)$/.test(option.name));
    if (!first && scan.options.length > 0 && onlyAsks)
      return { reads: [], writes: [], modelled: true };
    if (!first || first.value === "-") return opaqueUse(`${name} reads code from its input`);
    return scriptRunner(first, rest, `${name} runs a script`);
  };
}

/** Python 3's command line (`python3 --help`). */
export const pythonSpec = interpreter("python", {
  options: {
    short: Object.fromEntries([
      ...[..."bBdEhiIOPqsSuvVx"].map((letter) => [letter, "flag"] as const),
      ["c", "exec"],
      ["m", "text"],
      ["W", "text"],
      ["X", "text"],
    ]),
    long: {
      "--version": "flag",
      "--help": "flag",
      "--check-hash-based-pycs": "text",
      "--help-env": "flag",
      "--help-xoptions": "flag",
      "--help-all": "flag",
    },
  },
  inline: ["-c", "-i"],
  module: ["-m"],
});

/** Node's command line (the options a model uses; others make it opaque). */
export const nodeSpec = interpreter("node", {
  options: {
    short: {
      e: "exec",
      p: "exec",
      i: "flag",
      v: "flag",
      h: "flag",
      c: "flag",
      r: "text",
      C: "text",
    },
    long: {
      "--eval": ["exec", "-e"],
      "--print": ["exec", "-p"],
      "--interactive": ["flag", "-i"],
      "--version": "flag",
      "--help": "flag",
      "--check": "flag",
      "--require": ["text", "-r"],
      "--import": "text",
      "--loader": "text",
      "--experimental-loader": "text",
      "--input-type": "text",
      "--conditions": ["text", "-C"],
      "--enable-source-maps": "flag",
      "--no-warnings": "flag",
      "--trace-warnings": "flag",
      "--test": "flag",
      "--watch": "flag",
      "--experimental-strip-types": "flag",
      "--experimental-vm-modules": "flag",
      "--max-old-space-size": "text",
      "--stack-size": "text",
      "--inspect": "optional",
      "--inspect-brk": "optional",
    },
  },
  inline: ["-e", "-p", "-i"],
});

/** Perl: `-e`/`-E` code, and clusters such as `-pie`. */
export const perlSpec = interpreter("perl", {
  options: {
    short: Object.fromEntries([
      ...[..."acfnpsStTuUvwWX"].map((letter) => [letter, "flag"] as const),
      ["e", "exec"],
      ["E", "exec"],
      ["i", "exec"],
      ["I", "text"],
      ["M", "text"],
      ["m", "text"],
      ["l", "flag"],
      ["0", "flag"],
      ["F", "text"],
      ["x", "exec"],
      ["d", "exec"],
      ["C", "text"],
    ]),
    long: { "--version": "flag", "--help": "flag" },
  },
  inline: ["-e", "-E", "-i", "-x", "-d"],
});

/** Ruby: `-e` code. */
export const rubySpec = interpreter("ruby", {
  options: {
    short: Object.fromEntries([
      ...[..."acdlnpsSvwy"].map((letter) => [letter, "flag"] as const),
      ["e", "exec"],
      ["i", "exec"],
      ["x", "exec"],
      ["C", "text"],
      ["I", "text"],
      ["r", "text"],
      ["E", "text"],
      ["F", "text"],
      ["W", "flag"],
    ]),
    long: {
      "--version": "flag",
      "--help": "flag",
      "--disable-gems": "flag",
      "--jit": "flag",
      "--yjit": "flag",
    },
  },
  inline: ["-e", "-i", "-x"],
});

/** The interpreters named by a version (`python3.12`), mapped to their family. */
export function interpreterFamily(name: string): ProgramSpec | undefined {
  if (/^(python|pypy)(\d+(\.\d+)?)?$/.test(name)) return pythonSpec;
  if (/^(node|nodejs)$/.test(name)) return nodeSpec;
  if (/^perl(\d+(\.\d+)*)?$/.test(name)) return perlSpec;
  if (/^ruby(\d+(\.\d+)*)?$/.test(name)) return rubySpec;
  return undefined;
}
