import type { Node } from "web-tree-sitter";
import type { DynamicKind } from "./types.js";

/** What keel's own reading of a heredoc adds to the grammar's. */
export interface HeredocAudit {
  /** Set when bash would end the body elsewhere than the grammar did. */
  error?: string;
  /** Run-time parts bash expands in the body (the grammar misses some). */
  dynamic: DynamicKind[];
  /** Set when the body may hold a command substitution the grammar did not list. */
  unseenCode?: string;
}

const QUOTING = /['"\\]/;

/**
 * Reads a heredoc as bash does instead of trusting tree-sitter-bash, which misses `$(…)`
 * after leading blanks and backticks anywhere in a body, and can end a `<<-` body at the
 * wrong line. The body is taken from the source between the delimiter word and the end
 * marker (the rest of the operator's line included, which only over-reports).
 */
export function auditHeredoc(node: Node, text: string): HeredocAudit {
  const start = node.namedChildren.find((c) => c?.type === "heredoc_start");
  const end = node.namedChildren.find((c) => c?.type === "heredoc_end");
  const operator = node.children.find((c) => c && !c.isNamed)?.type ?? "<<";
  if (!start) return { error: "a heredoc without its delimiter", dynamic: [] };
  const quoted = QUOTING.test(start.text);
  const delimiter = start.text.replace(/['"\\]/g, "");
  const region = text.slice(start.endIndex, end ? end.startIndex : text.length);
  const problem = end ? endProblem(region, delimiter, operator === "<<-", end, text) : undefined;
  if (problem) return { error: problem, dynamic: [] };
  if (quoted) return { dynamic: [] };
  if (region.includes("\\\n")) {
    return { error: "a line continuation inside a heredoc body", dynamic: [] };
  }
  const dynamic: DynamicKind[] = [];
  if (region.includes("$")) dynamic.push("variable");
  const substitution = region.includes("`") || region.includes("$(") || region.includes("$[");
  if (!substitution) return { dynamic };
  dynamic.push("command_substitution");
  return { dynamic, unseenCode: "a heredoc body with a command substitution" };
}

/** Why bash would not end the body where the grammar's end marker is, if it would not. */
function endProblem(
  region: string,
  delimiter: string,
  stripTabs: boolean,
  end: Node,
  text: string,
): string | undefined {
  const firstNewline = region.indexOf("\n");
  if (firstNewline === -1) return "a heredoc whose body the parser could not find";
  const lines = region.slice(firstNewline + 1).split("\n");
  const lastLine = lines.pop() ?? "";
  const bare = (line: string) => (stripTabs ? line.replace(/^\t+/, "") : line);
  if (lines.some((line) => bare(line) === delimiter)) {
    return "a heredoc that bash ends earlier than the parser read";
  }
  const after = text[end.endIndex];
  if (bare(lastLine) !== "" || end.text !== delimiter || (after !== undefined && after !== "\n")) {
    return "a heredoc whose end marker bash would not accept where the parser did";
  }
  return undefined;
}
