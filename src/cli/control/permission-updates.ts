import { z } from "zod";
import type { PermissionSuggestions } from "../../policy/decision.js";
import type { PermissionEngine } from "../../policy/engine.js";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";

const destination = z.enum([
  "userSettings",
  "projectSettings",
  "localSettings",
  "session",
  "cliArg",
]);
const ruleValue = z.object({ toolName: z.string(), ruleContent: z.string().optional() });

/** One PermissionUpdate as the SDK sends it (sdk.d.ts). */
export const permissionUpdate = z.discriminatedUnion("type", [
  z.object({ type: z.literal("setMode"), mode: z.enum(PERMISSION_MODES), destination }),
  z.object({
    type: z.enum(["addRules", "replaceRules", "removeRules"]),
    rules: z.array(ruleValue),
    behavior: z.enum(["allow", "deny", "ask"]),
    destination,
  }),
  z.object({
    type: z.enum(["addDirectories", "removeDirectories"]),
    directories: z.array(z.string()),
    destination,
  }),
]);

/** A PermissionUpdate, read. */
export type PermissionUpdate = z.infer<typeof permissionUpdate>;

/** The engine's suggestions as the SDK's `permission_suggestions` (session scope). */
export function suggestionsForSdk(suggestions: PermissionSuggestions): PermissionUpdate[] {
  const updates: PermissionUpdate[] = suggestions.modes.map((mode) => ({
    type: "setMode",
    mode,
    destination: "session",
  }));
  if (suggestions.rules.length > 0) {
    updates.push({
      type: "addRules",
      behavior: "allow",
      destination: "session",
      rules: suggestions.rules.map(ruleFromText),
    });
  }
  return updates;
}

function ruleFromText(text: string): z.infer<typeof ruleValue> {
  const open = text.indexOf("(");
  if (open < 0 || !text.endsWith(")")) return { toolName: text };
  return { toolName: text.slice(0, open), ruleContent: text.slice(open + 1, -1) };
}

function ruleText(rule: z.infer<typeof ruleValue>): string {
  return rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}

/** Where the session's permission state is changed. */
export interface PermissionTargets {
  engine: PermissionEngine;
  setMode: (mode: PermissionMode) => void;
  warn: (text: string) => void;
}

/**
 * Applies the updates an allow answer carried, for this session: a mode switch and allow
 * rules take effect; what keel cannot apply (deny/ask rules, removals, folders, writes to
 * settings files) is named on stderr rather than silently dropped.
 */
export function applyPermissionUpdates(
  updates: readonly PermissionUpdate[],
  targets: PermissionTargets,
): void {
  for (const update of updates) {
    if (update.type === "setMode") targets.setMode(update.mode);
    else if (update.type === "addRules" && update.behavior === "allow") {
      const bad = targets.engine.addSessionRules(update.rules.map(ruleText));
      if (bad.length > 0)
        targets.warn(`permission update: rules keel cannot read: ${bad.join(", ")}`);
    } else {
      targets.warn(
        `permission update "${update.type}" is not applied: keel applies setMode and allow addRules for the session only`,
      );
    }
  }
}
