import type { Node } from "web-tree-sitter";
import type { DynamicKind, ShellWord } from "./types.js";
import { ansiCText, doubleQuotedText, type Segment, unquotedSegments } from "./unescape.js";

/** Node types whose text is a plain unquoted word. */
const PLAIN_TYPES = new Set([
  "word",
  "number",
  "test_operator",
  "regex",
  "extglob_pattern",
  "variable_name",
  "file_descriptor",
]);

/** The word a syntax node stands for: its static value and the parts only known at run time. */
export function buildWord(node: Node): ShellWord {
  const segments: Segment[] = [];
  const dynamic = new Set<DynamicKind>();
  addNode(node, segments, dynamic, false);
  for (const kind of unquotedExpansions(segments)) dynamic.add(kind);
  const word: ShellWord = {
    text: node.text,
    value: segments.map((s) => s.text).join(""),
    dynamic: [...dynamic],
  };
  if (dynamic.has("glob")) word.glob = globPattern(segments);
  return word;
}

/** Characters a glob pattern gives meaning to: quoted, they are escaped. */
const GLOB_SPECIAL = /[*?[\]\\]/g;

/** The word as a glob pattern: unquoted characters as they are, quoted ones escaped. */
function globPattern(segments: readonly Segment[]): string {
  return segments
    .map((s) => (s.quoted ? s.text.replace(GLOB_SPECIAL, (c) => `\\${c}`) : s.text))
    .join("");
}

/** A word for a plain token (an operator inside `[[ ]]`, a keyword). */
export function literalWord(text: string): ShellWord {
  return { text, value: text, dynamic: [] };
}

function addNode(node: Node, segments: Segment[], dynamic: Set<DynamicKind>, inQuotes: boolean) {
  const type = node.type;
  if (PLAIN_TYPES.has(type)) {
    if (inQuotes) segments.push({ text: node.text, quoted: true });
    else segments.push(...unquotedSegments(node.text));
  } else if (type === "raw_string") {
    segments.push({ text: node.text.slice(1, -1), quoted: true });
  } else if (type === "ansi_c_string") {
    const { text, exact } = ansiCText(node.text);
    segments.push({ text, quoted: true });
    if (!exact) dynamic.add("other");
  } else if (type === "string_content" || type === "heredoc_content") {
    segments.push({ text: doubleQuotedText(node.text), quoted: true });
  } else if (type === "heredoc_body") {
    addHeredocBody(node, segments, dynamic);
  } else if (type === "string" || type === "concatenation" || type === "command_name") {
    for (const child of node.children) {
      addNode(child, segments, dynamic, inQuotes || type === "string");
    }
  } else if (type === '"' && !node.isNamed) {
    // the quotes of a double-quoted string carry no value
  } else {
    const kind = dynamicKind(node);
    dynamic.add(kind);
    for (const nested of nestedKinds(node)) dynamic.add(nested);
    segments.push({ text: node.text, quoted: true });
  }
}

/** A heredoc body: its text as written, plus the expansions bash would perform in it. */
function addHeredocBody(node: Node, segments: Segment[], dynamic: Set<DynamicKind>) {
  segments.push({ text: node.text, quoted: true });
  for (const child of node.namedChildren) {
    if (!child || child.type === "heredoc_content") continue;
    dynamic.add(dynamicKind(child));
    for (const nested of nestedKinds(child)) dynamic.add(nested);
  }
}

/** What kind of run-time part a node is. */
function dynamicKind(node: Node): DynamicKind {
  switch (node.type) {
    case "simple_expansion":
    case "expansion":
      return "variable";
    case "command_substitution":
      return node.text.startsWith("`") ? "backtick" : "command_substitution";
    case "process_substitution":
      return "process_substitution";
    case "arithmetic_expansion":
      return "arithmetic";
    case "brace_expression":
      return "brace";
    default:
      return "other";
  }
}

/** Substitutions nested inside an expansion (`${x:-$(cmd)}`). */
function nestedKinds(node: Node): DynamicKind[] {
  const kinds: DynamicKind[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") {
      kinds.push(dynamicKind(child));
    }
    kinds.push(...nestedKinds(child));
  }
  return kinds;
}

/** Globs, brace expansions and tildes bash would expand in the unquoted parts of a word. */
function unquotedExpansions(segments: readonly Segment[]): DynamicKind[] {
  const kinds: DynamicKind[] = [];
  const chars = segments.flatMap((s) => [...s.text].map((c) => (s.quoted ? "" : c)));
  if (chars.some((c) => c === "*" || c === "?" || c === "[")) kinds.push("glob");
  if (hasBraceExpansion(chars)) kinds.push("brace");
  const tilde = chars.findIndex(
    (c, i) => c === "~" && (i === 0 || chars[i - 1] === "=" || chars[i - 1] === ":"),
  );
  if (tilde !== -1) kinds.push("tilde");
  return kinds;
}

/** An unquoted `{` … `}` holding an unquoted `,` or `..` (quoted characters are ""). */
function hasBraceExpansion(chars: readonly string[]): boolean {
  for (let open = chars.indexOf("{"); open !== -1; open = chars.indexOf("{", open + 1)) {
    const close = chars.indexOf("}", open);
    if (close === -1) return false;
    const inner = chars.slice(open + 1, close);
    if (inner.includes(",") || inner.some((c, i) => c === "." && inner[i + 1] === ".")) return true;
  }
  return false;
}
