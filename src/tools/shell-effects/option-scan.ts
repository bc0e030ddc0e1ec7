import type { ShellWord } from "../shell-parse/index.js";

/**
 * What an option is to its program. Value-taking kinds: `text` (plain text), `read` (a file
 * it reads), `write` (a file it writes), `list` (a file naming more files, or `-` for stdin),
 * `exec` (code or a program it runs), `optional` (a value only with `=`, as GNU's
 * `--color[=WHEN]`). `flag` takes none. `forbidden` marks an option whose effects keel does
 * not model (it writes or runs something): the program is then guessed at, never read-only.
 */
export type OptionKind =
  | "flag"
  | "text"
  | "read"
  | "write"
  | "list"
  | "exec"
  | "optional"
  | "forbidden"
  | "forbidden-value";

/** An option's kind, or its kind and the name it is an alias of (`--recursive` is `-r`). */
export type OptionEntry = OptionKind | readonly [OptionKind, string];

/** A program's option grammar. Only options listed here are accepted. */
export interface OptionTable {
  short?: Readonly<Record<string, OptionEntry>>;
  long?: Readonly<Record<string, OptionEntry>>;
  /** `-5` stands for this option with the value 5 (`head -5` is `head -n 5`). */
  numeric?: string;
  /**
   * How a cluster such as `-Lo` is read: `getopt` (a value-taking letter takes the rest of the
   * word, else the next word) or `next-word` (tree's own parser: each value-taking letter of the
   * cluster takes the next word in turn, so `-Lo 1 F` is `-L 1 -o F`).
   */
  clusters?: "getopt" | "next-word";
  /** Options end at the first operand (POSIX), instead of anywhere before `--` (GNU). */
  stopAtOperand?: boolean;
  /** Long options are written with one dash (`find -name`): no clusters then. */
  singleDashLong?: boolean;
}

/** One option found, under its canonical name, with its value's word if it takes one. */
export interface FoundOption {
  name: string;
  kind: OptionKind;
  value?: ShellWord;
}

/** The options and operands of a command's arguments. */
export interface OptionScan {
  options: FoundOption[];
  operands: ShellWord[];
  has(name: string): boolean;
  /** The values of an option, in order. */
  values(name: string): ShellWord[];
}

/** Why the arguments do not fit the grammar. */
export interface ScanProblem {
  problem: string;
}

const VALUE_KINDS = new Set<OptionKind>([
  "text",
  "read",
  "write",
  "list",
  "exec",
  "forbidden-value",
]);

/**
 * A word cut from another (`-n5`, `--lines=5`): its text is known only when the whole word
 * was static, else it is marked unknown.
 */
export function partOfWord(word: ShellWord, value: string): ShellWord {
  return word.dynamic.length === 0
    ? { text: value, value, dynamic: [] }
    : { text: value, value, dynamic: ["other"] };
}

/**
 * Reads `args` (globs already expanded) by `table`; a word that does not fit (an unknown
 * option, a run-time word where an option may stand) is a problem.
 */
export function scanOptions(
  args: readonly ShellWord[],
  table: OptionTable,
): OptionScan | ScanProblem {
  const options: FoundOption[] = [];
  const operands: ShellWord[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.value;
    // A word only known at run time may turn out to be an option (`$X` holding `-o f`).
    if (!optionsEnded && word.dynamic.length > 0) {
      return { problem: `${word.text} is only known at run time and may be an option` };
    }
    if (optionsEnded || text === "-" || !text.startsWith("-")) {
      operands.push(word);
      if (table.stopAtOperand) optionsEnded = true;
      continue;
    }
    if (text === "--") {
      optionsEnded = true;
      continue;
    }
    const read =
      text.startsWith("--") || table.singleDashLong
        ? readLong(args, i, table, options)
        : readCluster(args, i, table, options);
    if ("problem" in read) return read;
    i = read.last;
  }
  return {
    options,
    operands,
    has: (name) => options.some((o) => o.name === name),
    values: (name) =>
      options.filter((o) => o.name === name && o.value).map((o) => o.value as ShellWord),
  };
}

function entryOf(entry: OptionEntry | undefined, written: string) {
  if (entry === undefined) return undefined;
  return typeof entry === "string"
    ? { kind: entry, name: written }
    : { kind: entry[0], name: entry[1] };
}

/** `--name`, `--name=value`, `--name value` (only exact names: abbreviations are refused). */
function readLong(
  args: readonly ShellWord[],
  at: number,
  table: OptionTable,
  options: FoundOption[],
): { last: number } | ScanProblem {
  const word = args[at] as ShellWord;
  const eq = word.value.indexOf("=");
  const written = eq === -1 ? word.value : word.value.slice(0, eq);
  const entry = entryOf(table.long?.[written], written);
  if (!entry) return { problem: `${written} is not an option keel knows for this program` };
  const inline = eq === -1 ? undefined : partOfWord(word, word.value.slice(eq + 1));
  if (entry.kind === "flag" || entry.kind === "forbidden") {
    if (inline) return { problem: `${written} takes no value` };
    options.push({ name: entry.name, kind: entry.kind });
    return { last: at };
  }
  if (entry.kind === "optional") {
    options.push(
      inline
        ? { name: entry.name, kind: "text", value: inline }
        : { name: entry.name, kind: "flag" },
    );
    return { last: at };
  }
  const value = inline ?? args[at + 1];
  if (!value) return { problem: `${written} is missing its value` };
  options.push({ name: entry.name, kind: entry.kind, value });
  return { last: inline ? at : at + 1 };
}

/** `-abc`, `-n5`, `-n 5`, `-5`, by the table's cluster rule. */
function readCluster(
  args: readonly ShellWord[],
  at: number,
  table: OptionTable,
  options: FoundOption[],
): { last: number } | ScanProblem {
  const word = args[at] as ShellWord;
  const letters = word.value.slice(1);
  if (table.numeric && /^\d+$/.test(letters)) {
    const entry = entryOf(table.short?.[table.numeric.slice(1)], table.numeric);
    options.push({
      name: entry?.name ?? table.numeric,
      kind: "text",
      value: partOfWord(word, letters),
    });
    return { last: at };
  }
  let last = at;
  for (let j = 0; j < letters.length; j++) {
    const letter = letters[j] as string;
    const entry = entryOf(table.short?.[letter], `-${letter}`);
    if (!entry) return { problem: `-${letter} is not an option keel knows for this program` };
    if (!VALUE_KINDS.has(entry.kind)) {
      options.push({ name: entry.name, kind: entry.kind === "optional" ? "flag" : entry.kind });
      continue;
    }
    const rest = letters.slice(j + 1);
    if (table.clusters !== "next-word" && rest !== "") {
      options.push({ name: entry.name, kind: entry.kind, value: partOfWord(word, rest) });
      return { last };
    }
    const value = args[last + 1];
    if (!value) return { problem: `-${letter} is missing its value` };
    last++;
    options.push({ name: entry.name, kind: entry.kind, value });
    if (table.clusters !== "next-word") return { last };
  }
  return { last };
}
