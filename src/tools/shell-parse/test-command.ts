import type { Node } from "web-tree-sitter";
import type { ShellWord } from "./types.js";
import { buildWord, literalWord } from "./words.js";

/** Expression nodes inside `[ ]` / `[[ ]]` that only group their parts. */
const EXPRESSIONS = new Set([
  "binary_expression",
  "unary_expression",
  "parenthesized_expression",
  "negated_expression",
  "ternary_expression",
  "postfix_expression",
]);

/** The words of a `[ ... ]` or `[[ ... ]]` test, brackets included, as argv. */
export function testCommandWords(node: Node): ShellWord[] {
  const words: ShellWord[] = [];
  collect(node, words);
  return words;
}

function collect(node: Node, words: ShellWord[]): void {
  for (const child of node.children) {
    if (!child || child.type === "comment") continue;
    if (!child.isNamed) words.push(literalWord(child.type));
    else if (EXPRESSIONS.has(child.type)) collect(child, words);
    else words.push(buildWord(child));
  }
}
