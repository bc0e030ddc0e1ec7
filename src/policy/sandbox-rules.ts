import { join } from "node:path";
import { anchoredRule } from "./file-rules.js";
import type { PermissionRule } from "./permission-rule.js";
import { type DenialPlaces, ruleFixedPath } from "./read-denial.js";
import { READ_RULE_TOOLS, WRITE_RULE_TOOLS } from "./tool-targets.js";

/** What permission rules add to the sandbox, as Claude Code merges them. */
export interface SandboxRuleAdditions {
  /** Edit allow rules over a fixed path. */
  allowWrite: string[];
  /** Edit deny rules over a fixed path. */
  denyWrite: string[];
  /** Read deny rules: fixed paths, and globs the runtime expands when a command starts. */
  denyRead: string[];
  /** `WebFetch(domain:…)` allow rules. */
  allowedDomains: string[];
  /** `WebFetch(domain:…)` deny rules. */
  deniedDomains: string[];
}

const DOMAIN_RULE = /^domain:(.+)$/;

/** A Read deny rule as a path or glob the sandbox runtime takes (absolute, from a fixed folder). */
function denyReadEntry(rule: PermissionRule, places: DenialPlaces): string {
  const content = rule.value.content ?? "";
  // A bare name matches at any depth below the working folder.
  if (!content.includes("/") && content !== "~") return join(places.cwd, "**", content);
  const context = { ...places, realFolder: async (path: string) => path };
  const fixed = ruleFixedPath(rule, context);
  if (fixed !== undefined) return fixed;
  const { base } = anchoredRule(rule, context);
  return join(base, content.replace(/^(\/\/|~\/|\.\/|\/)/, "").replace(/^(\.\.\/)+/, ""));
}

/**
 * The sandbox paths and domains permission rules imply: Read deny rules hide files, Edit rules
 * open or close fixed paths for writing, WebFetch domain rules steer the network proxy.
 */
export function sandboxRuleAdditions(
  rules: readonly PermissionRule[],
  places: DenialPlaces,
): SandboxRuleAdditions {
  const context = { ...places, realFolder: async (path: string) => path };
  const additions: SandboxRuleAdditions = {
    allowWrite: [],
    denyWrite: [],
    denyRead: [],
    allowedDomains: [],
    deniedDomains: [],
  };
  for (const rule of rules) {
    const { toolName, content } = rule.value;
    if (content === undefined || rule.behavior === "ask") continue;
    if (toolName === "WebFetch") {
      const domain = DOMAIN_RULE.exec(content)?.[1];
      if (domain === undefined) continue;
      (rule.behavior === "allow" ? additions.allowedDomains : additions.deniedDomains).push(domain);
    } else if (READ_RULE_TOOLS.has(toolName) && rule.behavior === "deny") {
      additions.denyRead.push(denyReadEntry(rule, places));
    } else if (WRITE_RULE_TOOLS.has(toolName)) {
      const fixed = ruleFixedPath(rule, context);
      if (fixed === undefined) continue;
      (rule.behavior === "allow" ? additions.allowWrite : additions.denyWrite).push(fixed);
    }
  }
  return additions;
}
