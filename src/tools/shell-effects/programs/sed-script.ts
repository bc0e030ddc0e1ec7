/** What a sed script does besides editing the stream: files it reads and writes, code it runs. */
export interface SedScriptUse {
  reads: string[];
  writes: string[];
  /** Why it runs code (`e`, the `e` flag of `s`). */
  runs?: string;
}

/** Why a script could not be read; keel then assumes the worst. */
export interface SedScriptProblem {
  problem: string;
}

const SIMPLE = new Set([..."=dDgGhHlnNpPxzF"]);
/** Outputs sed writes to without a file: they change nothing. */
const STANDARD_STREAMS = new Set(["/dev/stdout", "/dev/stderr"]);

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.at >= this.text.length;
  }
  peek(): string {
    return this.text[this.at] ?? "";
  }
  next(): string {
    return this.text[this.at++] ?? "";
  }
  skip(pattern: RegExp): void {
    while (!this.done && pattern.test(this.peek())) this.at++;
  }
  /** The rest of the line (for file names, labels and text). */
  restOfLine(): string {
    const end = this.text.indexOf("\n", this.at);
    const line = this.text.slice(this.at, end === -1 ? undefined : end);
    this.at = end === -1 ? this.text.length : end + 1;
    return line;
  }
  /** Up to an unescaped `delimiter` (which is consumed); undefined when there is none. */
  delimited(delimiter: string): string | undefined {
    let out = "";
    while (!this.done) {
      const char = this.next();
      if (char === "\\") {
        out += char + this.next();
        continue;
      }
      if (char === delimiter) return out;
      if (char === "\n" && delimiter !== "\n") return undefined;
      out += char;
    }
    return undefined;
  }
}

function address(reader: Reader): string | undefined {
  const char = reader.peek();
  if (/\d/.test(char)) {
    reader.skip(/\d/);
    if (reader.peek() === "~") {
      reader.next();
      reader.skip(/\d/);
    }
    return "ok";
  }
  if (char === "$") {
    reader.next();
    return "ok";
  }
  if (char === "/" || char === "\\") {
    reader.next();
    const delimiter = char === "\\" ? reader.next() : "/";
    if (reader.delimited(delimiter) === undefined) return undefined;
    reader.skip(/[IM]/);
    return "ok";
  }
  return "none";
}

function addresses(reader: Reader): boolean {
  const first = address(reader);
  if (first === undefined) return false;
  if (first === "ok" && reader.peek() === ",") {
    reader.next();
    reader.skip(/[ \t]/);
    if (/[+~]/.test(reader.peek())) {
      reader.next();
      reader.skip(/\d/);
      return true;
    }
    return address(reader) === "ok";
  }
  return true;
}

/** The `s` command after its name: pattern, replacement, flags (`w file` ends the line). */
function substitution(reader: Reader, use: SedScriptUse): string | undefined {
  const delimiter = reader.next();
  if (delimiter === "" || delimiter === "\n" || delimiter === "\\")
    return "a substitution without a delimiter";
  if (reader.delimited(delimiter) === undefined || reader.delimited(delimiter) === undefined) {
    return "an unterminated substitution";
  }
  while (!reader.done && /[gpiImM0-9e]/.test(reader.peek())) {
    if (reader.next() === "e") use.runs ??= "the e flag of s runs the pattern space as a command";
  }
  if (reader.peek() === "w") {
    reader.next();
    return writeTarget(reader, use);
  }
  return undefined;
}

function writeTarget(reader: Reader, use: SedScriptUse): string | undefined {
  reader.skip(/[ \t]/);
  const file = reader.restOfLine();
  if (file === "") return "w without a file";
  if (!STANDARD_STREAMS.has(file)) use.writes.push(file);
  return undefined;
}

/** One command after its addresses; a problem when keel cannot read it. */
function command(reader: Reader, use: SedScriptUse, depth: { open: number }): string | undefined {
  const name = reader.next();
  if (SIMPLE.has(name) || name === "}") {
    if (name === "}") depth.open--;
    return depth.open < 0 ? "an unbalanced }" : undefined;
  }
  if (name === "{") {
    depth.open++;
    return undefined;
  }
  if (name === "s") return substitution(reader, use);
  if (name === "y") {
    const delimiter = reader.next();
    return reader.delimited(delimiter) === undefined || reader.delimited(delimiter) === undefined
      ? "an unterminated y"
      : undefined;
  }
  if ("qQlL".includes(name)) {
    reader.skip(/[ \t\d]/);
    return undefined;
  }
  if ("btT:".includes(name)) {
    reader.skip(/[ \t]/);
    while (!reader.done && !/[;\n]/.test(reader.peek())) reader.next();
    return undefined;
  }
  if ("aic".includes(name)) {
    // `a\` then lines joined by trailing backslashes, or GNU's one-line `a text`.
    let line = reader.restOfLine();
    while (line.endsWith("\\") && !reader.done) line = reader.restOfLine();
    return undefined;
  }
  if (name === "r" || name === "R") {
    reader.skip(/[ \t]/);
    const file = reader.restOfLine();
    if (file !== "" && file !== "/dev/stdin") use.reads.push(file);
    return undefined;
  }
  if (name === "w" || name === "W") return writeTarget(reader, use);
  if (name === "e") {
    use.runs ??= "sed's e command runs a shell command";
    reader.restOfLine();
    return undefined;
  }
  if (name === "v") {
    reader.skip(/[ \t\d.]/);
    return undefined;
  }
  return `${name || "the end"} is not a sed command keel knows`;
}

/**
 * Reads a GNU sed script for its side effects. Anything keel cannot read with certainty is a
 * problem, never a guess that it is harmless.
 */
export function readSedScript(script: string): SedScriptUse | SedScriptProblem {
  const reader = new Reader(script);
  const use: SedScriptUse = { reads: [], writes: [] };
  const depth = { open: 0 };
  while (true) {
    reader.skip(/[ \t\n;]/);
    if (reader.done) break;
    if (reader.peek() === "#") {
      reader.restOfLine();
      continue;
    }
    if (!addresses(reader)) return { problem: "an address keel cannot read" };
    reader.skip(/[ \t]/);
    if (reader.peek() === "!") {
      reader.next();
      reader.skip(/[ \t]/);
    }
    const problem = command(reader, use, depth);
    if (problem) return { problem };
  }
  return depth.open === 0 ? use : { problem: "an unclosed {" };
}
