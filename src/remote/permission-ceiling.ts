import type { PermissionMode } from "../tools/context.js";

/** A worker's permission ceiling: the most any task it runs may be allowed (its own flags). */
export interface PermissionCeiling {
  mode: PermissionMode;
  allowedTools: readonly string[];
  disallowedTools: readonly string[];
}

/** What a task asks for. */
export interface PermissionRequest {
  permissionMode?: PermissionMode;
  allowedTools: readonly string[];
  disallowedTools: readonly string[];
}

/** The permissions a task runs with, or why it may not run. */
export type CeilingVerdict =
  | { kind: "within"; granted: PermissionCeiling }
  | { kind: "refused"; reason: string };

/**
 * How much each mode lets through without a rule: dontAsk and plan run fewer tools than
 * default (nobody answers "ask" on a worker either way); auto lets a classifier allow what
 * default would ask; bypassPermissions allows everything but deny rules and safety checks.
 */
const MODE_REACH: Readonly<Record<PermissionMode, number>> = {
  plan: 0,
  dontAsk: 1,
  default: 1,
  acceptEdits: 2,
  auto: 3,
  bypassPermissions: 4,
};

/**
 * Grants a task what it asks within the worker's ceiling: a task may narrow (a lower mode,
 * fewer allow rules, more deny rules), never widen. The worker's deny rules always hold.
 */
export function applyCeiling(
  ceiling: PermissionCeiling,
  request: PermissionRequest,
): CeilingVerdict {
  const mode = request.permissionMode ?? ceiling.mode;
  if (MODE_REACH[mode] > MODE_REACH[ceiling.mode]) {
    return {
      kind: "refused",
      reason: `the task asks for permission mode ${mode}, above this worker's ceiling (${ceiling.mode})`,
    };
  }
  const beyond = request.allowedTools.filter((rule) => !ceiling.allowedTools.includes(rule));
  if (beyond.length > 0) {
    return {
      kind: "refused",
      reason: `the task asks to allow ${beyond.join(", ")}, which this worker's ceiling does not allow`,
    };
  }
  const allowedTools =
    request.allowedTools.length > 0 ? request.allowedTools : ceiling.allowedTools;
  const disallowedTools = [...new Set([...ceiling.disallowedTools, ...request.disallowedTools])];
  return { kind: "within", granted: { mode, allowedTools, disallowedTools } };
}
