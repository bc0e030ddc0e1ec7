import type { PermissionRule } from "./permission-rule.js";

/** Names a rule and where it was written, for messages. */
export function describeRule(rule: PermissionRule): string {
  return `the rule "${rule.text}" (${rule.behavior}, from ${rule.origin})`;
}

/** The denial message for a deny rule (with why it applies, when that is not plain). */
export function deniedByRuleMessage(toolName: string, rule: PermissionRule, why?: string): string {
  return `Permission to use ${toolName} has been denied by ${describeRule(rule)}${why ? `: ${why}` : ""}.`;
}

/** The message when an ask rule applies. */
export function askRuleMessage(toolName: string, rule: PermissionRule, why?: string): string {
  return `${toolName} needs approval because of ${describeRule(rule)}${why ? `: ${why}` : ""}.`;
}

/** The message plan mode gives a tool that would change things. */
export function planModeMessage(toolName: string): string {
  return `keel is in plan mode: ${toolName} would change things, and plan mode only reads and plans. Present the plan instead; leaving plan mode is an explicit step the person takes (switching the permission mode to default or acceptEdits).`;
}

/** The message when nothing allowed the call and the tool had nothing to say. */
export function notGrantedMessage(toolName: string): string {
  return `keel needs permission to use ${toolName}, and no rule or mode allows it yet.`;
}

/** The message when dontAsk mode turns a question into a denial. */
export function dontAskMessage(toolName: string, askMessage: string): string {
  return `Permission to use ${toolName} has been denied because keel is running in dontAsk mode (only calls allowed by rules or by the read-only set run). ${askMessage}`;
}
