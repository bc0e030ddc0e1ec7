import type { ParsedCommand, ShellOperator, SimpleCommand } from "./types.js";

/**
 * A word bash passes on exactly as written: no quotes, expansions, globs, redirections or
 * comments (and not starting with `=`, which the grammar reads as a test operator in `==`).
 */
const PLAIN_WORD = /^[A-Za-z0-9_./:@%+,-][A-Za-z0-9_./:@%+,=-]*$/;

/**
 * A command name read the same by bash and the grammar (which mis-reads names such as `a@b`,
 * `1@`, `a+:,` or `A%`, and reads `a=b` as an assignment).
 */
const PLAIN_NAME = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*$/;

/** Operators a plain command may use between its commands (each a word of its own). */
const PLAIN_OPERATORS = new Set<string>(["&&", "||", "|", ";"]);

/**
 * First words bash reads as syntax rather than a command name: reserved words, and the
 * declaration builtins tree-sitter parses as their own node types.
 */
const SYNTAX_WORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "in",
  "function",
  "time",
  "coproc",
  "declare",
  "typeset",
  "export",
  "readonly",
  "local",
  "unset",
]);

/** A token of the command with where it starts in the source. */
interface Token {
  text: string;
  start: number;
}

function tokens(command: string): Token[] {
  return [...command.matchAll(/[^ \t]+/g)].map((m) => ({ text: m[0], start: m.index ?? 0 }));
}

function simpleCommand(source: string, words: Token[]): SimpleCommand | undefined {
  const name = words[0]?.text;
  if (name === undefined || !PLAIN_NAME.test(name) || SYNTAX_WORDS.has(name)) {
    return undefined;
  }
  if (!words.every((w) => PLAIN_WORD.test(w.text))) return undefined;
  const last = words[words.length - 1] as Token;
  return {
    text: source.slice(words[0]?.start, last.start + last.text.length),
    argv: words.map((w) => ({ text: w.text, value: w.text, dynamic: [] })),
    assignments: [],
    redirections: [],
    inSubstitution: false,
    inSubshell: false,
  };
}

/**
 * The parse of a command made only of plain words joined by `&&`, `||`, `|` or `;` (written
 * apart), such as `npm test`, `git status && git diff` or `ls -la | head`; undefined for
 * anything else. Most commands a model runs are like this, and reading them needs no grammar:
 * the WebAssembly parser (tens of MB) then never loads. Its result equals the full parser's
 * (a test compares the two).
 */
export function parsePlainCommand(command: string): ParsedCommand | undefined {
  const commands: SimpleCommand[] = [];
  const operators: ShellOperator[] = [];
  let words: Token[] = [];
  for (const token of tokens(command)) {
    if (!PLAIN_OPERATORS.has(token.text)) {
      words.push(token);
      continue;
    }
    const simple = simpleCommand(command, words);
    if (!simple) return undefined;
    commands.push(simple);
    operators.push(token.text as ShellOperator);
    words = [];
  }
  const simple = simpleCommand(command, words);
  if (!simple) return undefined;
  commands.push(simple);
  return {
    source: command,
    commands,
    operators,
    redirections: [],
    subshells: 0,
    constructs: [],
    unseenCode: [],
  };
}
