import type { TurnRules } from "../../../policy/engine.js";
import type { RuleBehavior } from "../../../policy/permission-rule.js";

/** One permission rule as /permissions lists it. */
export interface RuleRow {
  behavior: RuleBehavior;
  /** The rule as written (`Bash(npm test:*)`). */
  text: string;
  /** Where it comes from: a settings file, a flag, or "this session". */
  origin: string;
}

/** The session's rules, and adding a rule for the rest of the session. */
export interface PermissionsView {
  rules(): readonly RuleRow[];
  /** Adds a session rule; returns why it does not parse (empty: added). */
  add(behavior: "allow" | "deny", rule: string): string[];
  /** Allows `rules` until `remove` is called (a user command's `allowed-tools`, for its turn). */
  allowForTurn?(rules: readonly string[], origin: string): TurnRules;
}

/** What `/permissions [allow|deny <rule>]` asks for. */
export type PermissionsRequest =
  | { kind: "list" }
  | { kind: "add"; behavior: "allow" | "deny"; rule: string }
  | { kind: "bad"; problem: string };

const USAGE = "Usage: /permissions, /permissions allow <rule>, /permissions deny <rule>";

/** Parses the arguments of /permissions. */
export function parsePermissionsArgs(args: string): PermissionsRequest {
  const text = args.trim();
  if (text === "" || text === "list") return { kind: "list" };
  const match = /^(allow|deny)(?:\s+([\s\S]+))?$/i.exec(text);
  if (!match) return { kind: "bad", problem: USAGE };
  const rule = (match[2] ?? "").trim();
  if (rule === "") return { kind: "bad", problem: `${USAGE} (the rule is missing)` };
  return { kind: "add", behavior: match[1]?.toLowerCase() === "deny" ? "deny" : "allow", rule };
}

const ORDER: readonly RuleBehavior[] = ["allow", "ask", "deny"];

/** The /permissions text: rules grouped allow, ask, deny, each with where it comes from. */
export function permissionsText(rules: readonly RuleRow[]): string {
  const lines = ["Permission rules:"];
  for (const behavior of ORDER) {
    const group = rules.filter((rule) => rule.behavior === behavior);
    lines.push(`  ${behavior}:${group.length === 0 ? " none" : ""}`);
    for (const rule of group) lines.push(`    ${rule.text}  (${rule.origin})`);
  }
  lines.push("Add one for this session: /permissions allow <rule> · /permissions deny <rule>");
  return lines.join("\n");
}

/** Runs `/permissions …` against the view; returns the text to show and its tone. */
export function permissionsCommand(
  view: PermissionsView | undefined,
  args: string,
): { text: string; tone: "info" | "error" } {
  if (!view) return { text: "/permissions is not available in this session.", tone: "error" };
  const request = parsePermissionsArgs(args);
  if (request.kind === "bad") return { text: request.problem, tone: "error" };
  if (request.kind === "list") return { text: permissionsText(view.rules()), tone: "info" };
  const problems = view.add(request.behavior, request.rule);
  if (problems.length > 0) {
    return { text: `Not added: ${problems.join("; ")}`, tone: "error" };
  }
  return { text: `Added ${request.behavior} rule ${request.rule} for this session.`, tone: "info" };
}
