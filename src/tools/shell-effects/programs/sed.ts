import type { ShellWord } from "../../shell-parse/index.js";
import type { ProgramSpec, ProgramUse, WordUse } from "../types.js";
import { guessedUse } from "./guessed-use.js";
import { readSedScript } from "./sed-script.js";
import { literal } from "./table-spec.js";
import { opaqueUse } from "./wrappers.js";

const FLAGS = new Set([
  "-n",
  "--quiet",
  "--silent",
  "-E",
  "-r",
  "--regexp-extended",
  "-s",
  "--separate",
  "-u",
  "--unbuffered",
  "-z",
  "--null-data",
  "--posix",
  "--debug",
  "--sandbox",
  "--follow-symlinks",
  "--help",
  "--version",
  "-b",
  "--binary",
]);

interface SedArgs {
  scripts: ShellWord[];
  files: ShellWord[];
  inPlace: boolean;
  scriptFile: boolean;
}

/** Splits sed's arguments; undefined when one does not fit its grammar. */
function splitArgs(args: readonly ShellWord[]): SedArgs | { problem: string } {
  const found: SedArgs = { scripts: [], files: [], inPlace: false, scriptFile: false };
  const operands: ShellWord[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.value;
    if (!ended && word.dynamic.length > 0)
      return { problem: `${word.text} is only known at run time` };
    if (ended || text === "-" || !text.startsWith("-")) {
      operands.push(word);
      continue;
    }
    if (text === "--") ended = true;
    else if (FLAGS.has(text)) continue;
    else if (
      text === "-i" ||
      text.startsWith("-i") ||
      text === "--in-place" ||
      text.startsWith("--in-place=")
    )
      found.inPlace = true;
    else if (text === "-e" || text === "--expression" || /^-[nErsuz]+e$/.test(text)) {
      const script = args[++i];
      if (!script) return { problem: `${text} is missing its script` };
      found.scripts.push(script);
    } else if (text.startsWith("--expression="))
      found.scripts.push({ ...word, value: text.slice(13) });
    else if (/^-[nErsuz]*e./.test(text)) {
      found.scripts.push({ ...word, value: text.slice(text.indexOf("e") + 1) });
    } else if (
      text === "-f" ||
      text === "--file" ||
      text.startsWith("--file=") ||
      /^-f./.test(text)
    )
      found.scriptFile = true;
    else if (text === "-l" || text === "--line-length") i++;
    else if (
      /^-(l\d+|n[Ersuz]*|[Ersuz]+n?[Ersuz]*)$/.test(text) ||
      text.startsWith("--line-length=")
    )
      continue;
    else return { problem: `${text} is not an option keel knows for sed` };
  }
  if (found.scripts.length === 0 && !found.scriptFile) {
    const script = operands.shift();
    if (!script) return { problem: "no script" };
    found.scripts.push(script);
  }
  found.files = operands;
  return found;
}

/** `-i`, `-i.bak`, `-ni`, `--in-place[=SUFFIX]`, as written. */
function editsInPlace(word: ShellWord): boolean {
  if (word.dynamic.length > 0) return false;
  return /^-[A-Za-z]*i/.test(word.value) || word.value.startsWith("--in-place");
}

/**
 * GNU sed: file operands are read; `-i` writes them; the script's `w` and `r` write and read
 * files, and its `e` runs commands (opaque). A script from a file (`-f`) or only known at run
 * time cannot be read: opaque.
 */
export const sedSpec: ProgramSpec = (args) => {
  const split = splitArgs(args);
  if ("problem" in split) {
    const guess = guessedUse(args, `sed: ${split.problem}`);
    // With -i, what it could not read still names the files it rewrites.
    return args.some(editsInPlace) ? { ...guess, writesFiles: true } : guess;
  }
  if (split.scriptFile) return opaqueUse("sed -f runs a script keel has not read");
  const reads: WordUse[] = split.files.map((word) => ({ word, use: "entry" }));
  const use: ProgramUse = { reads, writes: [], modelled: true };
  for (const script of split.scripts) {
    if (script.dynamic.length > 0)
      return opaqueUse(`sed's script ${script.text} is only known at run time`);
    const found = readSedScript(script.value);
    if ("problem" in found) return opaqueUse(`sed: ${found.problem}`);
    if (found.runs) return opaqueUse(found.runs);
    use.reads.push(...found.reads.map((file) => ({ word: literal(file), use: "entry" as const })));
    use.writes.push(
      ...found.writes.map((file) => ({ word: literal(file), use: "entry" as const })),
    );
  }
  if (split.inPlace)
    use.writes.push(...split.files.map((word) => ({ word, use: "entry" as const })));
  if (use.writes.length > 0) use.notReadOnly = `sed writes ${use.writes[0]?.word.text}`;
  return use;
};
