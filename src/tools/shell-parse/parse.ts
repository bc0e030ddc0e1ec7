import type { Node, Parser, Tree } from "web-tree-sitter";
import { removeLineContinuations } from "./line-continuations.js";
import { parsePlainCommand } from "./plain-command.js";
import { loadedParser, loadParser } from "./tree-sitter-loader.js";
import type { ParsedCommand } from "./types.js";
import { walk } from "./walk.js";
import { emptyWalkState, TOP_SCOPE } from "./walk-state.js";

/** Loads the bash grammar now (it loads once; rejects when the wasm files are missing). */
export async function loadShellParser(): Promise<void> {
  await loadParser();
}

/** Parses a bash command string (loading the grammar on first use, unless the command is plain). */
export async function parseShellCommand(command: string): Promise<ParsedCommand> {
  return parsePlainCommand(command) ?? parseWithGrammar(command);
}

/** Parses a bash command string with the bash grammar (loaded on first use), plain or not. */
export async function parseWithGrammar(command: string): Promise<ParsedCommand> {
  try {
    return parseWith(await loadParser(), command);
  } catch (error) {
    return unparsed(command, `the shell parser could not load: ${String(error)}`);
  }
}

/**
 * Parses a bash command string now, or returns undefined while the grammar is still loading
 * (for callers that cannot wait; they should treat the command as unknown).
 */
export function parseShellCommandSync(command: string): ParsedCommand | undefined {
  const plain = parsePlainCommand(command);
  if (plain) return plain;
  const parser = loadedParser();
  if (!parser) {
    loadParser().catch(() => undefined); // parseShellCommand reports the failure
    return undefined;
  }
  return parseWith(parser, command);
}

function parseWith(parser: Parser, command: string): ParsedCommand {
  let tree = parseTree(parser, command);
  const joined = removeLineContinuations(command, tree);
  if (joined !== undefined) {
    tree.delete();
    tree = parseTree(parser, joined);
  }
  try {
    return collect(command, joined ?? command, tree.rootNode);
  } finally {
    tree.delete(); // trees live in wasm memory
  }
}

function parseTree(parser: Parser, text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  return tree;
}

function collect(source: string, parsedText: string, root: Node): ParsedCommand {
  const state = emptyWalkState(parsedText);
  walk(root, TOP_SCOPE, state);
  const parsed: ParsedCommand = {
    source,
    commands: state.commands,
    operators: state.operators,
    redirections: state.redirections,
    subshells: state.subshells,
    constructs: [...state.constructs],
    unseenCode: [...new Set(state.unseenCode)],
  };
  const error = state.errors[0] ?? (root.hasError ? "the command has a syntax error" : undefined);
  if (error) parsed.parseError = error;
  return parsed;
}

function unparsed(source: string, parseError: string): ParsedCommand {
  return {
    source,
    commands: [],
    operators: [],
    redirections: [],
    subshells: 0,
    constructs: [],
    unseenCode: [],
    parseError,
  };
}
