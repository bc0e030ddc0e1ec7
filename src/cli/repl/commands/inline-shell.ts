import { analyzeBash, type BashPart } from "../../../policy/bash-analysis.js";
import { parseRule, type RuleValue } from "../../../policy/rule-syntax.js";
import { shellRuleMatches } from "../../../policy/shell-rule.js";
import type {
  ExpansionAllow,
  ExpansionDecider,
  ExpansionVerdict,
} from "./expansion-permissions.js";
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

/** What decides whether an inline command may run. */
export interface InlineShellRules {
  /** The command's frontmatter `allowed-tools`, and where /permissions would say they come from. */
  allow: ExpansionAllow;
  /** Decides the command as a Bash call (the session's rules, modes and safety checks). */
  decide: ExpansionDecider;
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

/** The allowed-tools rule that would cover a part: its first word with `:*`. */
function suggestion(part: BashPart): string {
  const first = (part.allowForms[0] ?? part.text).trim().split(/\s+/)[0] ?? part.text;
  return `Bash(${first}:*)`;
}

/** Why allowed-tools does not cover the command as a Bash call, or undefined when it does. */
async function allowedToolsProblem(command: string, rules: InlineShellRules) {
  const allow = bashRules(rules.allow.rules);
  if (allow.some((rule) => rule.content === undefined)) return undefined;
  const bash = await analyzeBash(command, { cwd: rules.cwd, home: rules.home });
  if (!bash.parsed) {
    return `!\`${command}\` cannot be checked against allowed-tools (it does not parse); only a whole "Bash" entry allows it`;
  }
  const missing = bash.parts.find((part) => !partAllowed(part, allow));
  if (!missing) return undefined;
  return `!\`${command}\` needs Bash permission: add ${suggestion(missing)} (or Bash(${command})) to the command's allowed-tools`;
}

/** The refusal for a Bash decision that is not an allow. */
function stoppedText(command: string, verdict: Exclude<ExpansionVerdict, { behavior: "allow" }>) {
  if (verdict.rule !== undefined) {
    return `!\`${command}\` is stopped by the ${verdict.behavior} rule ${verdict.rule}`;
  }
  if (verdict.behavior === "deny") return `!\`${command}\` is denied: ${verdict.message}`;
  return `!\`${command}\` needs approval, and nobody can be asked while a command expands: ${verdict.message}`;
}

/**
 * Why an inline command may not run, or undefined when it may. As in Claude Code it needs the
 * command's `allowed-tools` to allow it as a Bash call (a whole `Bash` rule, or Bash rules
 * matching every part of it); and it is decided as the Bash tool call would be, those rules in
 * force: deny rules (a Read deny covers what it reads), safety checks and the mode still stop
 * it, and what would ask is refused. A deny is named first.
 */
export async function inlineShellProblem(
  command: string,
  rules: InlineShellRules,
): Promise<string | undefined> {
  const verdict = await rules.decide({ tool: "Bash", command }, rules.allow);
  if (verdict.behavior === "deny") return stoppedText(command, verdict);
  const missing = await allowedToolsProblem(command, rules);
  if (missing) return missing;
  return verdict.behavior === "ask" ? stoppedText(command, verdict) : undefined;
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
