import type { ShellWord } from "../../shell-parse/index.js";
import { partOfWord } from "../option-scan.js";
import type { ProgramUse, WordUse } from "../types.js";

/**
 * The guess for a program keel does not model (or whose arguments do not fit its grammar):
 * any argument may be a file it reads or writes, a whole tree at that, and so may the value
 * after an `=` (`--output=f`, `of=f`). A deny rule still sees every path written out.
 */
export function guessedUse(args: readonly ShellWord[], why: string): ProgramUse {
  const touched: WordUse[] = [];
  for (const word of args) {
    touched.push({ word, use: "tree" });
    const eq = word.value.indexOf("=");
    if (eq > 0) touched.push({ word: partOfWord(word, word.value.slice(eq + 1)), use: "tree" });
  }
  return { reads: touched, writes: touched, notReadOnly: why, modelled: false };
}

/** Programs keel does not model whose every use writes files (they fetch, unpack or patch). */
const WRITERS_BY_NATURE: ReadonlySet<string> = new Set(["patch", "unzip", "rsync", "scp", "wget"]);

/**
 * The guess for a program keel does not model, by name: for one that always writes files,
 * what it writes is certain even where keel cannot tell which argument names it.
 */
export function guessedUseOf(name: string, args: readonly ShellWord[], why: string): ProgramUse {
  const guess = guessedUse(args, why);
  return WRITERS_BY_NATURE.has(name) ? { ...guess, writesFiles: true } : guess;
}
