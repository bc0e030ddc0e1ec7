import { analyzeBash, type BashPart } from "../../../policy/bash-analysis.js";
import { parseRule, type RuleValue } from "../../../policy/rule-syntax.js";
import { shellRuleMatches } from "../../../policy/shell-rule.js";
import type { ShellOutcome } from "./shell-escape.js";

/** A !`command` segment of a command file's body (one line, no backtick inside). */
const INLINE_COMMAND = /!`([^`\n]+)`/g;

/** The !`command` segments of a command body, in order. */
export function inlineCommands(text: string): string[] {
  return [...text.matchAll(INLINE_COMMAND)].map((match) => match[1] ?? "");
}

/** The text with each !`command` segment replaced by what `replace` gives for its command. */
export function replaceInlineCommands(text: string, replace: (command: string) => string): string {
  return text.replace(INLINE_COMMAND, (_all, command: string) => replace(command));
}

/** A rule of the session that can stop an inline command (deny, or ask: nobody is asked here). */
export interface StoppingRule {
  behavior: "deny" | "ask";
  text: string;
}

/** What decides whether an inline command may run. */
export interface InlineShellRules {
  /** The command's frontmatter `allowed-tools`. */
  allowedTools: readonly string[];
  /** The session's deny and ask rules: they win over `allowed-tools`. */
  stopping: readonly StoppingRule[];
  cwd: string;
  home: string;
}

function bashRules(texts: readonly string[]): RuleValue[] {
  return texts.flatMap((text) => {
    const parsed = parseRule(text);
    return parsed.ok && parsed.value.toolName === "Bash" ? [parsed.value] : [];
  });
}

function partAllowed(part: BashPart, allow: readonly RuleValue[]): boolean {
  return (
    part.allowable &&
    allow.some(
      (rule) =>
        rule.content !== undefined &&
        part.allowForms.some((form) => shellRuleMatches(rule.content ?? "", form)),
    )
  );
}

function stoppedBy(parts: readonly BashPart[], rules: readonly StoppingRule[]) {
  return rules.find((rule) => {
    const [value] = bashRules([rule.text]);
    if (!value) return false;
    if (value.content === undefined) return true;
    const content = value.content;
    return parts.some((part) => part.denyForms.some((form) => shellRuleMatches(content, form)));
  });
}

/** The allowed-tools rule that would cover a part: its first word with `:*`. */
function suggestion(part: BashPart): string {
  const first = (part.allowForms[0] ?? part.text).trim().split(/\s+/)[0] ?? part.text;
  return `Bash(${first}:*)`;
}

/**
 * Why an inline command may not run, or undefined when it may. As in Claude Code it needs the
 * command's `allowed-tools` to allow it as a Bash call (a whole `Bash` rule, or Bash rules
 * matching every part of it); the session's deny and ask rules still stop it.
 */
export async function inlineShellProblem(
  command: string,
  rules: InlineShellRules,
): Promise<string | undefined> {
  const bash = await analyzeBash(command, rules.cwd, rules.home);
  const stop = stoppedBy(bash.parts, rules.stopping);
  if (stop) return `!\`${command}\` is stopped by the ${stop.behavior} rule ${stop.text}`;
  const allow = bashRules(rules.allowedTools);
  if (allow.some((rule) => rule.content === undefined)) return undefined;
  if (!bash.parsed) {
    return `!\`${command}\` cannot be checked against allowed-tools (it does not parse); only a whole "Bash" entry allows it`;
  }
  const missing = bash.parts.find((part) => !partAllowed(part, allow));
  if (!missing) return undefined;
  return `!\`${command}\` needs Bash permission: add ${suggestion(missing)} (or Bash(${command})) to the command's allowed-tools`;
}

/** How an inline command ended, besides its output. */
export type InlineEnding = "exited" | "timed-out";

/**
 * The text that replaces an inline command: its stdout, then its stderr (each already capped
 * like a `!cmd`'s), then how it failed when it did, so the model knows the output is partial.
 */
export function inlineOutput(outcome: ShellOutcome, ending: InlineEnding, timeoutMs: number) {
  const parts = [outcome.stdout.trimEnd(), outcome.stderr.trimEnd()].filter((p) => p !== "");
  if (ending === "timed-out") parts.push(`[timed out after ${timeoutMs} ms and was killed]`);
  else if (outcome.code !== 0) {
    parts.push(`[exit code ${outcome.code ?? "none: killed by a signal"}]`);
  }
  return parts.join("\n");
}
