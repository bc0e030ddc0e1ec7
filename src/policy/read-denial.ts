import { realpathSync } from "node:fs";
import { join } from "node:path";
import type { ReadDenial } from "../tools/read-denial.js";
import { anchoredRule } from "./file-rules.js";
import { patternMatchesPath, relativeInside } from "./path-rule.js";
import type { PermissionRule } from "./permission-rule.js";
import { READ_RULE_TOOLS } from "./tool-targets.js";

/** Where rule patterns start: the working folder (`./x`, `x`) and the home folder (`~/x`). */
export interface DenialPlaces {
  cwd: string;
  home: string;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isReadDeny(rule: PermissionRule): boolean {
  return (
    rule.behavior === "deny" &&
    rule.value.content !== undefined &&
    READ_RULE_TOOLS.has(rule.value.toolName)
  );
}

/**
 * The exclusion ripgrep can apply for one rule from `folder`: a bare name matches at any
 * depth there too; an anchored pattern whose folder lies inside the search folder is
 * re-anchored to it. A pattern anchored above the search folder is left to `denies`.
 */
function excludeGlob(
  rule: PermissionRule,
  places: DenialPlaces,
  folder: string,
): string | undefined {
  const content = rule.value.content ?? "";
  if (!content.includes("/") && content !== "~") return `!${content}`;
  const { base } = anchoredRule(rule, { ...places, realFolder: async (path) => path });
  const rest = content.replace(/^(\/\/|~\/|\.\/|\/)/, "").replace(/^(\.\.\/)+/, "");
  const inside = relativeInside(realOrSelf(folder), realOrSelf(base));
  if (inside === undefined || /[[\]{}\\]/.test(rest)) return undefined;
  return `!/${inside === "" ? "" : `${inside}/`}${rest}`;
}

/**
 * The path a rule's pattern starts with before any wildcard, when everything below it is
 * covered (`./secrets/**`, `~/.ssh`, `//etc/shadow`); undefined for patterns that match by
 * name at any depth or narrow down below their fixed part (`secrets/*.pem`).
 */
export function ruleFixedPath(
  rule: PermissionRule,
  context: DenialPlaces & { realFolder: (path: string) => Promise<string> },
): string | undefined {
  const content = rule.value.content ?? "";
  if (!content.includes("/") && content !== "~") return undefined;
  const { base } = anchoredRule(rule, context);
  const rest = content
    .replace(/^(\/\/|~\/|\.\/|\/|~$)/, "")
    .replace(/^(\.\.\/)+/, "")
    .replace(/\/(\*\*)?$/, "");
  if (/[*?[\]{}\\]/.test(rest)) return undefined;
  return rest === "" ? base : join(base, rest);
}

/**
 * The Read deny rules in force (read at each use: a session may add some) as a ReadDenial. A
 * file is denied when a rule matches it as listed or where its links lead.
 */
export function createReadDenial(
  rules: () => readonly PermissionRule[],
  places: DenialPlaces,
): ReadDenial {
  const realBases = new Map<string, string>();
  const basesOf = (base: string) => {
    let real = realBases.get(base);
    if (real === undefined) {
      real = realOrSelf(base);
      realBases.set(base, real);
    }
    return real === base ? [base] : [base, real];
  };
  const context = { ...places, realFolder: async (path: string) => path };
  return {
    denies(path) {
      const denying = rules().filter(isReadDeny);
      if (denying.length === 0) return false;
      const forms = [path, realOrSelf(path)];
      return denying.some((rule) => {
        const { base, pattern } = anchoredRule(rule, context);
        const bases = basesOf(base);
        return forms.some((form) => patternMatchesPath(pattern, bases, form));
      });
    },
    hiddenPaths() {
      return rules()
        .filter(isReadDeny)
        .map((rule) => ruleFixedPath(rule, context))
        .filter((path) => path !== undefined)
        .map(realOrSelf);
    },
    excludeGlobs(folder) {
      return rules()
        .filter(isReadDeny)
        .map((rule) => excludeGlob(rule, places, folder))
        .filter((glob) => glob !== undefined);
    },
  };
}
