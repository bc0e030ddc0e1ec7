import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { domainRuleMatches } from "../policy/content-rules.js";
import { anchorPattern, patternMatchesPath } from "../policy/path-rule.js";
import { canonicalToolName, parseRule } from "../policy/rule-syntax.js";
import { shellRuleMatches } from "../policy/shell-rule.js";

/** The tool call an `if` rule is tested against. */
export interface IfSubject {
  toolName: string;
  toolInput: Record<string, unknown>;
  cwd: string;
}

/**
 * Claude Code's handler `if`: one permission-rule string (`Bash(git *)`, `Edit(src/**)`,
 * `WebFetch(domain:x.com)`); the hook runs only for tool calls it matches. Events without a
 * tool call never match an `if` (the docs: "tool events only"). An unparsable rule matches
 * nothing.
 */
export function ifRuleMatches(rule: string, subject: IfSubject | undefined): boolean {
  if (subject === undefined) return false;
  const parsed = parseRule(rule);
  if (!parsed.ok) return false;
  const { toolName, content } = parsed.value;
  if (toolName !== canonicalToolName(subject.toolName)) return false;
  if (content === undefined) return true;
  const input = subject.toolInput;
  if (typeof input.command === "string") return shellRuleMatches(content, input.command);
  if (typeof input.url === "string") return domainRuleMatches(content, input.url);
  const path = input.file_path ?? input.path ?? input.notebook_path;
  if (typeof path !== "string") return false;
  const absolute = isAbsolute(path) ? path : resolve(subject.cwd, path);
  const folders = { ruleRoot: subject.cwd, cwd: subject.cwd, home: homedir() };
  const anchored = anchorPattern(content, folders);
  return patternMatchesPath(anchored.pattern, [anchored.base], absolute);
}
