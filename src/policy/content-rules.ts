import { bashRuleApplies } from "./bash-rules.js";
import type { CallSubject, TouchedFile } from "./call-subject.js";
import { ruleCoversFile, type TreeContext } from "./path-access.js";
import type { PermissionRule } from "./permission-rule.js";
import { shellRuleMatches } from "./shell-rule.js";
import { READ_RULE_TOOLS, WRITE_RULE_TOOLS } from "./tool-targets.js";

/** A content rule that matched, what it matched, and why (for messages). */
export interface RuleHit {
  rule: PermissionRule;
  path?: string;
  why?: string;
}

/** True when a file rule governs this kind of access (`"allow"`: Edit allow rules imply reading). */
export function fileRuleGoverns(
  rule: PermissionRule,
  file: TouchedFile,
  behavior: string,
): boolean {
  if (file.access === "write") return WRITE_RULE_TOOLS.has(rule.value.toolName);
  if (READ_RULE_TOOLS.has(rule.value.toolName)) return true;
  return behavior === "allow" && WRITE_RULE_TOOLS.has(rule.value.toolName);
}

/** True when `WebFetch(domain:example.com)` covers a URL (the host or a subdomain of it). */
export function domainRuleMatches(content: string, url: string): boolean {
  if (!content.startsWith("domain:")) return false;
  const domain = content.slice("domain:".length).replace(/^\*\./, "").toLowerCase();
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Whether a non-file, non-Bash content rule matches: WebFetch domains, Agent types, and Skill
 * calls (`Skill(name)` the skill alone, `Skill(name *)` with any arguments, as Bash rules read).
 */
export function otherContentMatches(rule: PermissionRule, subject: CallSubject): boolean {
  const { toolName, content = "" } = rule.value;
  if (!subject.toolNames.includes(toolName)) return false;
  if (toolName === "WebFetch" && subject.url !== undefined)
    return domainRuleMatches(content, subject.url);
  if (toolName === "Agent" && subject.agentType !== undefined) return content === subject.agentType;
  if (toolName === "Skill" && subject.skillCall !== undefined)
    return shellRuleMatches(content, subject.skillCall);
  return false;
}

/** Which accesses a file rule speaks for: Read rules reads, Edit rules writes. */
function ruleAccess(rule: PermissionRule): "read" | "write" | undefined {
  if (READ_RULE_TOOLS.has(rule.value.toolName)) return "read";
  if (WRITE_RULE_TOOLS.has(rule.value.toolName)) return "write";
  return undefined;
}

/**
 * The first deny or ask content rule that matches ANY part of the call: one program of a
 * compound command (or a program keel cannot name), one file it reads or writes (through a
 * link or not, inside a folder it lists or a tree it walks), a path it cannot resolve, the
 * URL, the agent.
 */
export async function findRestrictingRule(
  rules: readonly PermissionRule[],
  behavior: "deny" | "ask",
  subject: CallSubject,
  context: TreeContext,
): Promise<RuleHit | undefined> {
  for (const rule of rules) {
    if (rule.behavior !== behavior || rule.value.content === undefined) continue;
    if (rule.value.toolName === "Bash" && subject.bash) {
      const why = bashRuleApplies(rule.value.content, subject.bash);
      if (why) return { rule, why };
    }
    const access = ruleAccess(rule);
    const hit = access ? await fileRuleHit(rule, access, behavior, subject, context) : undefined;
    if (hit) return hit;
    if (otherContentMatches(rule, subject)) return { rule };
  }
  return undefined;
}

/**
 * Whether a Read or Edit rule applies to the call's files. A Bash command is judged by every
 * path it may touch, by any path it cannot resolve, and by code it runs that keel cannot see;
 * Glob and Grep leave denied files out of their results, so only their folder itself meets a
 * deny rule (an ask rule also looks inside it).
 */
async function fileRuleHit(
  rule: PermissionRule,
  access: "read" | "write",
  behavior: "deny" | "ask",
  subject: CallSubject,
  context: TreeContext,
): Promise<RuleHit | undefined> {
  for (const file of subject.files) {
    if (file.access !== access && file.certain) continue;
    const judged = !subject.bash && behavior === "deny" ? { ...file, use: "entry" as const } : file;
    if (await ruleCoversFile(rule, judged, context)) {
      return { rule, path: file.forms.written, why: `it ${verb(file)} ${file.text}` };
    }
  }
  if (!subject.bash) return undefined;
  const unresolved = subject.unresolved.find((file) => file.access === access || !file.certain);
  if (unresolved)
    return {
      rule,
      why: `keel cannot tell which files it ${verb(unresolved)}: ${unresolved.reason}`,
    };
  const opaque = subject.bash.effects.opaque[0];
  return opaque
    ? { rule, why: `it runs code keel cannot see, which could ${access} anything: ${opaque}` }
    : undefined;
}

function verb(file: { access: "read" | "write"; certain: boolean }): string {
  if (!file.certain) return "may touch";
  return file.access === "read" ? "reads" : "writes";
}
