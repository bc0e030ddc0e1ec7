import type { Tree } from "web-tree-sitter";

/** Node types whose text bash takes literally, so a backslash-newline inside them stays. */
const LITERAL_TYPES = new Set(["raw_string", "ansi_c_string", "heredoc_body", "comment"]);

/**
 * The command with bash's line continuations (an unescaped backslash-newline outside single
 * quotes, comments and heredocs) removed, or undefined when it has none. tree-sitter-bash
 * reads `r\<newline>m` as two words where bash runs `rm`, so the parser reparses this text.
 */
export function removeLineContinuations(source: string, tree: Tree): string | undefined {
  const cuts: number[] = [];
  let at = source.indexOf("\\\n");
  while (at !== -1) {
    if (isUnescaped(source, at) && !insideLiteral(tree, at)) cuts.push(at);
    at = source.indexOf("\\\n", at + 2);
  }
  if (cuts.length === 0) return undefined;
  let cleaned = "";
  let from = 0;
  for (const cut of cuts) {
    cleaned += source.slice(from, cut);
    from = cut + 2;
  }
  return cleaned + source.slice(from);
}

/** True when the backslash at `index` is not itself escaped by an odd run of backslashes. */
function isUnescaped(source: string, index: number): boolean {
  let run = 0;
  for (let i = index - 1; i >= 0 && source[i] === "\\"; i--) run++;
  return run % 2 === 0;
}

function insideLiteral(tree: Tree, index: number): boolean {
  for (let node = tree.rootNode.descendantForIndex(index); node; node = node.parent) {
    if (LITERAL_TYPES.has(node.type)) return true;
  }
  return false;
}
