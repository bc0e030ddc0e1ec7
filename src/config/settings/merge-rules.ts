import type { PermissionRule, RuleBehavior } from "../../policy/permission-rule.js";
import { parseRule } from "../../policy/rule-syntax.js";
import type { SettingsLayer } from "./layer.js";

const BEHAVIORS: readonly RuleBehavior[] = ["deny", "ask", "allow"];

/**
 * One layer's rules, each keeping its source and anchor. The layer was checked when it was
 * read (check-permissions.ts), so every rule parses.
 */
export function layerRules(layer: SettingsLayer, root: string): PermissionRule[] {
  return BEHAVIORS.flatMap((behavior) =>
    (layer.settings.permissions?.[behavior] ?? []).flatMap((text) => {
      const parsed = parseRule(text);
      if (!parsed.ok) return [];
      const { source, origin } = layer;
      return [{ behavior, text, value: parsed.value, source, origin, root }];
    }),
  );
}

/** Rules of all layers (given highest source first) with repeats removed, the highest kept. */
export function dedupeRules(rules: readonly PermissionRule[]): PermissionRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = JSON.stringify([rule.behavior, rule.text.trim(), rule.root]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
