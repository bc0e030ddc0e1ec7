import type { PermissionRule, RuleBehavior } from "../../policy/permission-rule.js";
import { parseRule } from "../../policy/rule-syntax.js";
import { SettingsError } from "./errors.js";
import type { SettingsLayer } from "./layer.js";

const BEHAVIORS: readonly RuleBehavior[] = ["deny", "ask", "allow"];

/**
 * One layer's rules, each keeping its source and anchor. A deny or ask rule that does not
 * parse is a SettingsError (dropping it would silently allow something); a malformed allow
 * rule only allows less, so it becomes a warning.
 */
export function layerRules(
  layer: SettingsLayer,
  root: string,
  warnings: string[],
): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const behavior of BEHAVIORS) {
    const texts = layer.settings.permissions?.[behavior] ?? [];
    texts.forEach((text, index) => {
      const parsed = parseRule(text);
      if (parsed.ok) {
        rules.push({
          behavior,
          text,
          value: parsed.value,
          source: layer.source,
          origin: layer.origin,
          root,
        });
        return;
      }
      const path = `permissions.${behavior}[${index}]`;
      if (behavior === "allow")
        warnings.push(`${layer.origin}: ${path}: ${parsed.problem}; the rule is ignored`);
      else throw new SettingsError(layer.origin, path, parsed.problem);
    });
  }
  return rules;
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
