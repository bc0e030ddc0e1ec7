import { PROJECT_SOURCES } from "../config/settings/sources.js";
import type { PermissionRule } from "../policy/permission-rule.js";
import type { SessionPolicy } from "./session-policy.js";

/**
 * What a mid-session reload is weighed against: the project-level rules in force and the
 * hooks' project-side make-up (a project's hooks, disableAllHooks, plugins' hooks).
 */
interface ReloadBasis {
  projectRules: readonly PermissionRule[];
  hooks: string;
}

/** A reload with the widening a project-level file would bring held back. */
interface GatedReload {
  /** The settings rules to put in force now. */
  rules: PermissionRule[];
  /** True when the hooks must stay as they are (their project side changed). */
  hooksHeld: boolean;
  /** What waits for a new session, one phrase each (empty: nothing held). */
  held: string[];
  /** The basis the next reload is weighed against. */
  basis: ReloadBasis;
}

type ReloadedPolicy = Pick<SessionPolicy, "settings" | "plugins">;

const isProjectRule = (rule: PermissionRule) => PROJECT_SOURCES.has(rule.source);

const ruleKey = (rule: PermissionRule) =>
  JSON.stringify([rule.source, rule.behavior, rule.root, rule.text]);

/**
 * The project side of the hooks: any change to it may add a hook that allows calls or
 * remove one that guards them, so it is weighed as a whole.
 */
function hooksSignature(policy: ReloadedPolicy): string {
  return JSON.stringify({
    project: policy.settings.hooks
      .filter((entry) => PROJECT_SOURCES.has(entry.source))
      .map((entry) => [entry.source, entry.hooks]),
    disableAllHooks: policy.settings.disableAllHooks ?? false,
    plugins: policy.plugins.plugins.map((plugin) => plugin.hooks),
  });
}

/** The basis of the settings a session started with. */
export function reloadBasis(policy: ReloadedPolicy): ReloadBasis {
  return {
    projectRules: policy.settings.rules.filter(isProjectRule),
    hooks: hooksSignature(policy),
  };
}

/**
 * Weighs reloaded settings against the session's: a project-level file may narrow at once
 * (new deny and ask rules, allow rules taken away), but what would widen the running session
 * (a new allow rule, a deny or ask rule taken away, any change to the project side of the
 * hooks) waits for a new session. User-level files and flags are taken as they are.
 */
export function gateProjectWidening(basis: ReloadBasis, reloaded: ReloadedPolicy): GatedReload {
  const before = new Set(basis.projectRules.map(ruleKey));
  const after = new Set(reloaded.settings.rules.filter(isProjectRule).map(ruleKey));
  const held: string[] = [];
  const rules = reloaded.settings.rules.filter((rule) => {
    const widens = isProjectRule(rule) && rule.behavior === "allow" && !before.has(ruleKey(rule));
    if (widens) held.push(`the new allow rule ${rule.text}`);
    return !widens;
  });
  const kept = basis.projectRules.filter(
    (rule) => rule.behavior !== "allow" && !after.has(ruleKey(rule)),
  );
  for (const rule of kept) held.push(`the removal of the ${rule.behavior} rule ${rule.text}`);
  const hooks = hooksSignature(reloaded);
  const hooksHeld = hooks !== basis.hooks;
  if (hooksHeld)
    held.push("the hooks' changes (a project's hooks, plugins' hooks or disableAllHooks)");
  const inForce = [...rules, ...kept];
  return {
    rules: inForce,
    hooksHeld,
    held,
    basis: {
      projectRules: inForce.filter(isProjectRule),
      hooks: hooksHeld ? basis.hooks : hooks,
    },
  };
}
