import { parseRule } from "../../policy/rule-syntax.js";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";
import { CLAUDE_CODE_PERMISSION_MODES, CLAUDE_CODE_PERMISSIONS_KEYS } from "./claude-code-keys.js";
import type { ProblemSink } from "./problems.js";
import type { PermissionsSettings } from "./schema.js";

type RuleList = "allow" | "deny" | "ask";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isPermissionMode = (value: unknown): value is PermissionMode =>
  (PERMISSION_MODES as readonly unknown[]).includes(value);

/**
 * A list of rules. What is wrong in a deny or ask list stops keel (dropping it would allow
 * what was meant to be forbidden); in an allow list it is skipped, which only asks more.
 */
function checkRules(list: RuleList, value: unknown, sink: ProblemSink): string[] | undefined {
  const key = `permissions.${list}`;
  const report = (at: string, message: string) =>
    list === "allow" ? sink.skip(at, message) : sink.stop(at, message);
  if (!Array.isArray(value)) {
    report(key, "expected a list of rules");
    return undefined;
  }
  const rules: string[] = [];
  value.forEach((rule: unknown, index) => {
    const at = `${key}[${index}]`;
    if (typeof rule !== "string") {
      report(at, "expected a rule (a string)");
      return;
    }
    const parsed = parseRule(rule);
    if (parsed.ok) rules.push(rule);
    else report(at, parsed.problem);
  });
  return rules;
}

/** `additionalDirectories`: it only grants, so what is wrong is skipped. */
function checkDirectories(value: unknown, sink: ProblemSink): string[] | undefined {
  const key = "permissions.additionalDirectories";
  if (!Array.isArray(value)) return void sink.skip(key, "expected a list of folders");
  return value.filter((dir: unknown, index) => {
    if (typeof dir !== "string") sink.skip(`${key}[${index}]`, "expected a folder (a string)");
    return typeof dir === "string";
  });
}

/** A mode keel has; one only Claude Code has has no effect; anything else stops keel. */
function checkMode(value: unknown, sink: ProblemSink): PermissionMode | undefined {
  const key = "permissions.defaultMode";
  if (isPermissionMode(value)) return value;
  if (typeof value === "string" && CLAUDE_CODE_PERMISSION_MODES.has(value)) {
    sink.noEffect(key, `keel has no "${value}" mode; it starts in default`);
    return undefined;
  }
  sink.stop(
    key,
    `${JSON.stringify(value)} is not a permission mode (${PERMISSION_MODES.join(", ")})`,
  );
  return undefined;
}

/**
 * The `permissions` block, key by key (contracts §12): broken rules, modes and switches stop
 * keel, except where skipping only grants less (allow rules, added folders); Claude Code keys
 * keel lacks have no effect; other keys are skipped.
 */
export function checkPermissions(
  value: unknown,
  sink: ProblemSink,
): PermissionsSettings | undefined {
  if (!isRecord(value)) {
    sink.stop("permissions", "expected an object (allow, deny, ask, defaultMode, …)");
    return undefined;
  }
  const checked: PermissionsSettings = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === "allow" || key === "deny" || key === "ask") {
      const rules = checkRules(key, entry, sink);
      if (rules) checked[key] = rules;
    } else if (key === "additionalDirectories") {
      const dirs = checkDirectories(entry, sink);
      if (dirs) checked.additionalDirectories = dirs;
    } else if (key === "defaultMode") {
      const mode = checkMode(entry, sink);
      if (mode) checked.defaultMode = mode;
    } else if (key === "disableBypassPermissionsMode" || key === "disableAutoMode") {
      if (entry === "disable") checked[key] = "disable";
      else sink.stop(`permissions.${key}`, `expected "disable", got ${JSON.stringify(entry)}`);
    } else if (CLAUDE_CODE_PERMISSIONS_KEYS.has(key)) {
      sink.noEffect(`permissions.${key}`, "a Claude Code setting keel does not have; no effect");
    } else sink.skip(`permissions.${key}`, "not a permissions setting keel or Claude Code knows");
  }
  return checked;
}
