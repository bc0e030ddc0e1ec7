/** What an awk program does besides printing: why it runs code, reads or writes unknown files. */
export interface AwkProgramUse {
  runs?: string;
  reads?: string;
  writes?: string;
}

/** Tokens after which `/` starts a regular expression rather than dividing. */
const REGEX_AFTER = /^(|[(,{};!~&|?:=<>+\-*%^\n]|print|printf|return|in|getline)$/;

/**
 * The program with strings and regular expressions blanked out (so their text cannot look
 * like code), or undefined when one is not closed.
 */
function blankLiterals(program: string): string | undefined {
  let out = "";
  let previous = "";
  for (let i = 0; i < program.length; i++) {
    const char = program[i] as string;
    if (char === "#") {
      const end = program.indexOf("\n", i);
      i = end === -1 ? program.length : end - 1;
      continue;
    }
    const regex = char === "/" && REGEX_AFTER.test(previous);
    if (char === '"' || regex) {
      let j = i + 1;
      while (j < program.length && program[j] !== char && program[j] !== "\n")
        j += program[j] === "\\" ? 2 : 1;
      if (program[j] !== char) return undefined;
      out += char === '"' ? '""' : "//";
      i = j;
      previous = "x";
      continue;
    }
    out += char;
    if (/\s/.test(char) && char !== "\n") continue;
    const word = /^[A-Za-z_]\w*/.exec(program.slice(i));
    if (word) {
      out += word[0].slice(1);
      i += word[0].length - 1;
      previous = word[0];
    } else previous = char;
  }
  return out;
}

/** `>`/`>>` at the top level of a print or printf statement redirect its output to a file. */
function printRedirects(code: string): boolean {
  const statement = /\b(print|printf)\b([^;\n{}]*)/g;
  for (let match = statement.exec(code); match; match = statement.exec(code)) {
    let depth = 0;
    for (const char of match[2] as string) {
      if (char === "(") depth++;
      else if (char === ")") depth--;
      else if (char === ">" && depth <= 0) return true;
    }
  }
  return false;
}

/**
 * Reads an awk program for what it does besides printing. Conservative: a pipe anywhere, a
 * `system()` call or an extension runs code; `getline <` reads a file keel cannot name; a
 * print redirected to a file writes one. A program keel cannot tokenise runs code.
 */
export function readAwkProgram(program: string): AwkProgramUse {
  const code = blankLiterals(program);
  if (code === undefined) return { runs: "an awk program keel cannot read" };
  if (/@\s*(include|load|namespace)/.test(code))
    return { runs: "awk @include/@load brings in code keel has not read" };
  if (/\bsystem\s*\(/.test(code)) return { runs: "awk's system() runs a command" };
  if (/(^|[^|])\|(?!\|)/.test(code.replace(/\|\|/g, "  ")))
    return { runs: "an awk pipe runs a command" };
  const use: AwkProgramUse = {};
  if (/\bgetline\b[^;\n{}]*</.test(code))
    use.reads = "awk's getline < reads a file named at run time";
  if (printRedirects(code)) use.writes = "awk's print > writes a file named at run time";
  return use;
}
