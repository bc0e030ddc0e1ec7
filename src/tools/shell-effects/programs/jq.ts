import type { ShellWord } from "../../shell-parse/index.js";
import type { ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { guessedUse } from "./guessed-use.js";
import { opaqueUse } from "./wrappers.js";

const FLAGS = new Set([
  "-n",
  "--null-input",
  "-R",
  "--raw-input",
  "-s",
  "--slurp",
  "-c",
  "--compact-output",
  "-r",
  "--raw-output",
  "--raw-output0",
  "-j",
  "--join-output",
  "-a",
  "--ascii-output",
  "-S",
  "--sort-keys",
  "-C",
  "--color-output",
  "-M",
  "--monochrome-output",
  "--tab",
  "-e",
  "--exit-status",
  "--seq",
  "--stream",
  "--stream-errors",
  "--unbuffered",
  "-h",
  "--help",
  "-V",
  "--version",
  "--build-configuration",
  "-0",
  "--nul-output",
]);
/** Options followed by this many words of text. */
const TEXT_VALUES: Readonly<Record<string, number>> = { "--arg": 2, "--argjson": 2, "--indent": 1 };
/** Options followed by a name and a file that is read. */
const FILE_VALUES = new Set(["--slurpfile", "--rawfile"]);

/**
 * jq 1.7: the filter is the first operand unless `-f` names a file of it; the other operands
 * are files read, unless `--args`/`--jsonargs` made them values. `--slurpfile`/`--rawfile`
 * read a file; `import`/`include` in a filter read modules from places keel cannot list.
 */
export const jqSpec: ProgramSpec = (args) => {
  const reads: WordUse[] = [];
  const operands: ShellWord[] = [];
  let filter: ShellWord | undefined;
  let filterFromFile = false;
  let valuesOnly = false;
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.value;
    if (!ended && word.dynamic.length > 0)
      return opaqueUse(`jq: ${word.text} is only known at run time`);
    if (ended || !text.startsWith("-") || text === "-") {
      if (!filter && !filterFromFile) filter = word;
      else if (!valuesOnly) operands.push(word);
      continue;
    }
    if (text === "--") ended = true;
    else if (text === "--args" || text === "--jsonargs") valuesOnly = true;
    else if (text === "-f" || text === "--from-file") {
      const file = args[++i];
      if (!file) return guessedUse(args, "jq: -f is missing its file");
      reads.push({ word: file, use: "entry" });
      filterFromFile = true;
    } else if (text === "-L") i++;
    else if (/^-L./.test(text)) continue;
    else if (FILE_VALUES.has(text)) {
      const file = args[i + 2];
      if (!file) return guessedUse(args, `jq: ${text} is missing its file`);
      reads.push({ word: file, use: "entry" });
      i += 2;
    } else if (TEXT_VALUES[text] !== undefined) i += TEXT_VALUES[text];
    else if (FLAGS.has(text) || /^-[nRscrjaSCMe]+$/.test(text)) continue;
    else return guessedUse(args, `jq: ${text} is not an option keel knows`);
  }
  const use: ProgramUse = {
    reads: [...reads, ...operands.map((word) => ({ word, use: "entry" as const }))],
    writes: [],
    modelled: true,
  };
  const modules = filterFromFile || /\b(import|include)\b/.test(filter?.value ?? "");
  if (modules) {
    const why = filterFromFile
      ? "jq -f reads a filter that may import modules from places keel cannot list"
      : "jq import/include reads modules from places keel cannot list";
    use.unknownReads = why;
    use.notReadOnly = why;
  }
  return use;
};
