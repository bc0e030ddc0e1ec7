import type { Node } from "web-tree-sitter";
import { auditHeredoc } from "./heredoc-audit.js";
import { fileOrHerestringRedirect, heredocRedirect, REDIRECT_TYPES } from "./redirects.js";
import { testCommandWords } from "./test-command.js";
import type { ShellOperator, SimpleCommand } from "./types.js";
import type { Scope, WalkState } from "./walk-state.js";
import { buildWord, literalWord } from "./words.js";

const OPERATORS = new Set<string>(["&&", "||", ";", "|", "|&", "&"]);

/** Nodes whose named children are statements run one after the other. */
const SEQUENCES = new Set([
  "program",
  "compound_statement",
  "subshell",
  "do_group",
  "command_substitution",
  "process_substitution",
  "if_statement",
  "elif_clause",
  "else_clause",
]);

/** Nodes that only group or join statements (walked, not reported as constructs). */
const PLAIN_GROUPS = new Set([...SEQUENCES, "list", "pipeline", "negated_command", "command_name"]);

/** Statement kinds reported in `constructs`: they are more than simple commands. */
const CONSTRUCTS = new Set([
  "if_statement",
  "for_statement",
  "c_style_for_statement",
  "while_statement",
  "case_statement",
  "function_definition",
  "variable_assignment",
  "variable_assignments",
]);

/** Walks any node, collecting commands, operators, redirections and constructs. */
export function walk(node: Node, scope: Scope, state: WalkState): void {
  const type = node.type;
  if (type === "ERROR") state.errors.push(`syntax error near ${JSON.stringify(node.text)}`);
  checkSingleLine(node, state);
  if (CONSTRUCTS.has(type)) state.constructs.add(type);
  if (type === "compound_statement" && node.text.startsWith("((")) {
    state.constructs.add("arithmetic_command");
  }
  noteArithmetic(node, state);
  switch (type) {
    case "command":
      walkCommand(node, scope, state);
      return;
    case "declaration_command":
    case "unset_command":
      walkKeywordCommand(node, scope, state);
      return;
    case "test_command":
      walkTestCommand(node, scope, state);
      return;
    case "redirected_statement":
      walkRedirectedStatement(node, scope, state);
      return;
    case "subshell":
      state.subshells++;
      walkChildren(node, { ...scope, inSubshell: true }, state);
      return;
    case "command_substitution":
    case "process_substitution":
      walkChildren(node, { ...scope, inSubstitution: true }, state);
      return;
    default:
      if (REDIRECT_TYPES.has(type)) walkRedirect(node, undefined, scope, state);
      else walkChildren(node, scope, state);
  }
}

/** Arithmetic nodes: bash evaluates the array subscripts of any variable they name. */
const ARITHMETIC = new Set(["arithmetic_expansion", "subscript", "c_style_for_statement"]);

/**
 * Arithmetic that names a variable can run code keel never sees: bash evaluates a
 * subscript such as `a[$(cmd)]` found in a variable's value, or in a name given to
 * `printf -v`. Only plain numbers and operators are harmless.
 */
function noteArithmetic(node: Node, state: WalkState): void {
  const arithmetic =
    ARITHMETIC.has(node.type) || (node.type === "compound_statement" && node.text.startsWith("(("));
  if (arithmetic && /[A-Za-z_$`]/.test(node.text.replace(/^\$?\(\(|^\$\[|^for/, ""))) {
    state.unseenCode.push("arithmetic, which can evaluate array subscripts that run commands");
  }
}

/**
 * Nodes that bash ends at an unquoted newline. tree-sitter-bash sometimes glues the next line
 * onto a command (`a | b | c \n rm x` read as `c rm x`), so such a newline is a parse error.
 */
const SINGLE_LINE = new Set(["command", "file_redirect", "herestring_redirect"]);

function checkSingleLine(node: Node, state: WalkState): void {
  if (!SINGLE_LINE.has(node.type)) return;
  const children = node.children.filter((c): c is Node => c !== null);
  const broken = children.some((child, i) => {
    const next = children[i + 1];
    const gap = next
      ? node.text.slice(child.endIndex - node.startIndex, next.startIndex - node.startIndex)
      : "";
    return gap.includes("\n");
  });
  if (broken)
    state.errors.push(`a newline inside ${JSON.stringify(node.text)} that the parser misread`);
}

/** Walks the children of a group, recording its operators and newline separators. */
function walkChildren(node: Node, scope: Scope, state: WalkState): void {
  const sequence = SEQUENCES.has(node.type);
  let afterStatement = false;
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) {
      recordToken(node, child, state);
      afterStatement = false;
      continue;
    }
    if (child.type === "comment") continue;
    if (sequence && afterStatement) state.operators.push(";");
    walk(child, scope, state);
    afterStatement = sequence;
  }
}

function recordToken(parent: Node, token: Node, state: WalkState): void {
  if (token.isMissing) state.errors.push(`missing ${JSON.stringify(token.type)}`);
  if (!PLAIN_GROUPS.has(parent.type)) return;
  if (OPERATORS.has(token.type)) state.operators.push(token.type as ShellOperator);
  else if (token.type.startsWith(";;") || token.type === ";&") {
    state.errors.push(`unexpected ${JSON.stringify(token.type)} outside a case statement`);
  }
}

/** Adds a simple command to the state before walking its words (so it precedes their substitutions). */
function startCommand(node: Node, scope: Scope, state: WalkState): SimpleCommand {
  const command: SimpleCommand = {
    text: node.text,
    argv: [],
    assignments: [],
    redirections: [],
    inSubstitution: scope.inSubstitution,
    inSubshell: scope.inSubshell,
  };
  state.commands.push(command);
  return command;
}

function walkCommand(node: Node, scope: Scope, state: WalkState): void {
  const command = startCommand(node, scope, state);
  for (const child of node.children) {
    if (!child) continue;
    if (REDIRECT_TYPES.has(child.type)) {
      walkRedirect(child, command, scope, state);
    } else if (child.type === "variable_assignment") {
      const name = child.childForFieldName("name")?.text ?? "";
      const value = child.childForFieldName("value");
      command.assignments.push(value ? { name, value: buildWord(value) } : { name });
      walkWords(child, scope, state);
    } else if (child.type !== "comment") {
      command.argv.push(buildWord(child));
      walkWords(child, scope, state);
    }
  }
}

function walkKeywordCommand(node: Node, scope: Scope, state: WalkState): void {
  const command = startCommand(node, scope, state);
  for (const child of node.children) {
    if (!child) continue;
    command.argv.push(child.isNamed ? buildWord(child) : literalWord(child.text));
    walkWords(child, scope, state);
  }
}

function walkTestCommand(node: Node, scope: Scope, state: WalkState): void {
  const command = startCommand(node, scope, state);
  command.argv = testCommandWords(node);
  walkWords(node, scope, state);
}

/** Finds the substitutions in a word (or the word itself) and walks their commands. */
function walkWords(node: Node, scope: Scope, state: WalkState): void {
  if (node.type === "command_substitution" || node.type === "process_substitution") {
    walk(node, scope, state);
    return;
  }
  noteArithmetic(node, state);
  for (const child of node.namedChildren) {
    if (child) walkWords(child, scope, state);
  }
}

function walkRedirectedStatement(node: Node, scope: Scope, state: WalkState): void {
  const body = node.childForFieldName("body");
  const before = state.commands.length;
  if (body) walk(body, scope, state);
  const target = body?.type === "command" ? state.commands[before] : undefined;
  for (const child of node.childrenForFieldName("redirect")) {
    if (child) walkRedirect(child, target, scope, state);
  }
}

/** Records a redirection (attached to `command` when it applies to one) and walks its parts. */
function walkRedirect(
  node: Node,
  command: SimpleCommand | undefined,
  scope: Scope,
  state: WalkState,
): void {
  if (node.type === "heredoc_redirect") {
    const redirection = heredocRedirect(node);
    const audit = auditHeredoc(node, state.text);
    if (audit.error) state.errors.push(audit.error);
    if (audit.unseenCode) state.unseenCode.push(audit.unseenCode);
    if (redirection.target) {
      const kinds = new Set([...redirection.target.dynamic, ...audit.dynamic]);
      redirection.target.dynamic = [...kinds];
    }
    attach(redirection, command, state);
    for (const child of node.namedChildren) {
      if (!child || child.type === "heredoc_start" || child.type === "heredoc_end") continue;
      if (REDIRECT_TYPES.has(child.type)) walkRedirect(child, command, scope, state);
      else if (child.type === "heredoc_body") walkWords(child, scope, state);
      else walk(child, scope, state);
    }
    return;
  }
  checkSingleLine(node, state);
  const { redirection, extraArguments } = fileOrHerestringRedirect(node);
  attach(redirection, command, state);
  if (extraArguments.length > 0) {
    if (command) command.argv.push(...extraArguments);
    else state.errors.push("arguments after a redirection of a compound command");
  }
  walkWords(node, scope, state);
}

function attach(
  redirection: SimpleCommand["redirections"][number],
  command: SimpleCommand | undefined,
  state: WalkState,
): void {
  command?.redirections.push(redirection);
  state.redirections.push(redirection);
}
