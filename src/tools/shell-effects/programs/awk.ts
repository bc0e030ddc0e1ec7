import type { ShellWord } from "../../shell-parse/index.js";
import type { ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { readAwkProgram } from "./awk-program.js";
import { guessedUse } from "./guessed-use.js";
import { opaqueUse } from "./wrappers.js";

const VALUE_OPTIONS = new Set(["-F", "-v", "--field-separator", "--assign"]);
const FLAGS = new Set([
  "--sandbox",
  "-S",
  "--posix",
  "-P",
  "--traditional",
  "-c",
  "--lint",
  "-t",
  "--lint-old",
  "--characters-as-bytes",
  "-b",
  "--re-interval",
  "-r",
  "--no-optimize",
  "-s",
  "--optimize",
  "-O",
  "--version",
  "-V",
  "--help",
  "-h",
  "-N",
  "--use-lc-numeric",
  "-n",
  "--non-decimal-data",
  "-g",
  "--gen-pot",
  "-M",
  "--bignum",
  "--csv",
  "-k",
]);
/** Options that bring in programs, libraries or extension code keel has not read. */
const CODE_OPTIONS = /^(-f|--file|-i|--include|-l|--load|-E|--exec|-D|--debug)(=|$)/;
/** Options that write a file (optionally named). */
const WRITE_OPTIONS = /^(-o|--pretty-print|-p|--profile|-d|--dump-variables)(=|$)/;

/** `name=value` operands set a variable instead of naming a file. */
const ASSIGNMENT = /^[A-Za-z_]\w*=/;

/**
 * awk (gawk, mawk): the program is the first operand unless `-e`/`--source` gives it; the
 * other operands are files read (`var=value` ones are assignments). See readAwkProgram for
 * what the program itself may do.
 */
export const awkSpec: ProgramSpec = (args) => {
  const programs: ShellWord[] = [];
  const operands: ShellWord[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.value;
    if (!ended && word.dynamic.length > 0)
      return opaqueUse(`awk: ${word.text} is only known at run time`);
    if (ended || !text.startsWith("-") || text === "-") {
      operands.push(word);
      if (programs.length === 0 && operands.length === 1) ended = true;
      continue;
    }
    if (text === "--") ended = true;
    else if (CODE_OPTIONS.test(text)) return opaqueUse(`awk ${text} runs code keel has not read`);
    else if (WRITE_OPTIONS.test(text)) return guessedUse(args, `awk ${text} writes a file`);
    else if (text === "-e" || text === "--source") {
      const program = args[++i];
      if (!program) return guessedUse(args, `awk: ${text} is missing its program`);
      programs.push(program);
    } else if (VALUE_OPTIONS.has(text)) i++;
    else if (/^-[Fv]./.test(text) || /^--(field-separator|assign)=/.test(text) || FLAGS.has(text))
      continue;
    else return guessedUse(args, `awk: ${text} is not an option keel knows`);
  }
  if (programs.length === 0) {
    const program = operands.shift();
    if (!program) return guessedUse(args, "awk without a program");
    programs.push(program);
  }
  const use: ProgramUse = { reads: [], writes: [], modelled: true };
  for (const program of programs) {
    if (program.dynamic.length > 0)
      return opaqueUse(`awk's program ${program.text} is only known at run time`);
    const found = readAwkProgram(program.value);
    if (found.runs) return opaqueUse(found.runs);
    if (found.reads) use.unknownReads ??= found.reads;
    if (found.writes) use.unknownWrites ??= found.writes;
  }
  const files: WordUse[] = operands
    .filter((word) => !ASSIGNMENT.test(word.value))
    .map((word) => ({ word, use: "entry" }));
  use.reads.push(...files);
  const why = use.unknownWrites ?? use.unknownReads;
  if (why) use.notReadOnly = why;
  return use;
};
