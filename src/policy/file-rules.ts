import { type AnchoredPattern, anchorPattern, patternMatchesPath } from "./path-rule.js";
import type { PermissionRule } from "./permission-rule.js";
import type { PathForms, RealPathResolver } from "./real-paths.js";

/** The folders rule patterns are anchored to, and how folders' real paths are found. */
export interface FileRuleContext {
  cwd: string;
  home: string;
  /** Cached: rule anchors are folders that do not move during a session. */
  realFolder: RealPathResolver;
}

const anchoredCache = new WeakMap<PermissionRule, Map<string, AnchoredPattern>>();

/** A file rule's pattern and the folder it starts from (cached per rule and places). */
export function anchoredRule(rule: PermissionRule, context: FileRuleContext): AnchoredPattern {
  const key = `${context.cwd}\0${context.home}`;
  let perRule = anchoredCache.get(rule);
  if (!perRule) {
    perRule = new Map();
    anchoredCache.set(rule, perRule);
  }
  let hit = perRule.get(key);
  if (!hit) {
    hit = anchorPattern(rule.value.content ?? "", {
      ruleRoot: rule.root,
      cwd: context.cwd,
      home: context.home,
    });
    perRule.set(key, hit);
  }
  return hit;
}

/**
 * True when a Read/Edit rule's pattern matches a path. `"either"` (deny and ask rules) is
 * satisfied by the path as written or by where its symlinks lead; `"both"` (allow rules)
 * needs both, so a link cannot smuggle an allowed name onto a forbidden file.
 */
export async function fileRuleMatches(
  rule: PermissionRule,
  forms: PathForms,
  need: "either" | "both",
  context: FileRuleContext,
): Promise<boolean> {
  const { base, pattern } = anchoredRule(rule, context);
  const bases = [...new Set([base, await context.realFolder(base)])];
  const written = patternMatchesPath(pattern, bases, forms.written);
  const real = patternMatchesPath(pattern, bases, forms.real);
  return need === "either" ? written || real : written && real;
}
