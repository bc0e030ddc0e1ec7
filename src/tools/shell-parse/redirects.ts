import type { Node } from "web-tree-sitter";
import type { Redirection, ShellWord } from "./types.js";
import { buildWord } from "./words.js";

/** Redirection node types. */
export const REDIRECT_TYPES = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/** Operators that open a file for writing (when the target is not a descriptor number). */
const WRITE_OPERATORS = new Set([">", ">>", "&>", "&>>", ">|", ">&"]);

/** A redirection node as data, plus any words after its target (they are command arguments). */
export interface RedirectParts {
  redirection: Redirection;
  /** `cmd >f more args`: tree-sitter puts `more args` under the redirect. */
  extraArguments: ShellWord[];
}

/** A file or herestring redirection node as data. */
export function fileOrHerestringRedirect(node: Node): RedirectParts {
  const descriptor = node.childForFieldName("descriptor");
  const fd = descriptor ? Number.parseInt(descriptor.text, 10) : undefined;
  const operator = node.children.find((c) => c && !c.isNamed)?.type ?? "";
  const targets = node.type === "herestring_redirect" ? node.namedChildren : destinations(node);
  const [first, ...rest] = targets.filter((t): t is Node => t !== null);
  const target = first ? buildWord(first) : undefined;
  const redirection: Redirection = {
    kind: node.type === "herestring_redirect" ? "herestring" : "file",
    operator,
    writes: opensFileForWriting(operator, target),
  };
  if (fd !== undefined && Number.isFinite(fd)) redirection.fd = fd;
  if (target) redirection.target = target;
  return { redirection, extraArguments: rest.map(buildWord) };
}

/** A heredoc node as data (its nested redirects and statements are walked separately). */
export function heredocRedirect(node: Node): Redirection {
  const operator = node.children.find((c) => c && !c.isNamed)?.type ?? "<<";
  const body = node.namedChildren.find((c) => c?.type === "heredoc_body");
  const redirection: Redirection = { kind: "heredoc", operator, writes: false };
  if (body) redirection.target = buildWord(body);
  else redirection.target = { text: "", value: "", dynamic: [] };
  return redirection;
}

function destinations(node: Node): Array<Node | null> {
  const found = node.childrenForFieldName("destination");
  return found.length > 0 ? found : [];
}

function opensFileForWriting(operator: string, target: ShellWord | undefined): boolean {
  if (!target || !WRITE_OPERATORS.has(operator)) return false;
  if (operator === ">&") return !/^(\d+|-)$/.test(target.value) || target.dynamic.length > 0;
  return true;
}
