/** The parts of a permission rule string: `Tool` or `Tool(content)`. */
export interface RuleValue {
  /** The tool name, legacy names already mapped to today's (Task → Agent). */
  toolName: string;
  /** What the rule says about the input; absent for a whole-tool rule (`Tool`, `Tool()`, `Tool(*)`). */
  content?: string;
}

/** Older tool names and the tool they mean today (contracts.md §8). */
const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = {
  Task: "Agent",
  KillShell: "TaskStop",
  BashOutput: "TaskOutput",
  BashOutputTool: "TaskOutput",
  AgentOutputTool: "TaskOutput",
};

/** Today's name for a tool name that may be a legacy one. */
export function canonicalToolName(name: string): string {
  return LEGACY_TOOL_NAMES[name] ?? name;
}

/** A rule string parsed, or why it cannot be. */
export type RuleParse = { ok: true; value: RuleValue } | { ok: false; problem: string };

/**
 * Parses `Tool` or `Tool(content)`; `\(`, `\)` and `\\` inside the content are literal.
 * Unlike Claude Code (which reads a malformed rule as a tool name that matches nothing), a
 * malformed rule is reported, so a typo never silently drops a deny rule.
 */
export function parseRule(text: string): RuleParse {
  const rule = text.trim();
  const open = firstUnescaped(rule, "(");
  if (open === -1) {
    if (firstUnescaped(rule, ")") !== -1)
      return { ok: false, problem: `"${text}" has a ")" without "("` };
    if (!/^[A-Za-z0-9_.*-]+$/.test(rule))
      return { ok: false, problem: `"${text}" is not a tool name` };
    return { ok: true, value: { toolName: canonicalToolName(rule) } };
  }
  const name = rule.slice(0, open);
  if (!/^[A-Za-z0-9_.-]+$/.test(name))
    return { ok: false, problem: `"${text}" does not start with a tool name` };
  if (!rule.endsWith(")") || lastUnescaped(rule, ")") !== rule.length - 1) {
    return { ok: false, problem: `"${text}" must end with ")"` };
  }
  // Like Claude Code: the content runs from the first "(" to the final ")".
  const content = unescapeContent(rule.slice(open + 1, -1));
  const toolName = canonicalToolName(name);
  return content === "" || content === "*"
    ? { ok: true, value: { toolName } }
    : { ok: true, value: { toolName, content } };
}

/** A rule value as a rule string (parentheses in the content escaped). */
export function formatRule(value: RuleValue): string {
  if (value.content === undefined) return value.toolName;
  const escaped = value.content.replace(/[\\()]/g, (c) => `\\${c}`);
  return `${value.toolName}(${escaped})`;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === "\\"; i--) slashes++;
  return slashes % 2 === 1;
}

function firstUnescaped(text: string, char: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] === char && !isEscaped(text, i)) return i;
  return -1;
}

function lastUnescaped(text: string, char: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (text[i] === char && !isEscaped(text, i)) return i;
  return -1;
}

function unescapeContent(text: string): string {
  return text.replace(/\\([\\()])/g, "$1");
}
