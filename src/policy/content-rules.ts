import type { CallSubject, TouchedFile } from "./call-subject.js";
import { type FileRuleContext, fileRuleMatches } from "./file-rules.js";
import type { PermissionRule } from "./permission-rule.js";
import { shellRuleMatches } from "./shell-rule.js";
import { READ_RULE_TOOLS, WRITE_RULE_TOOLS } from "./tool-targets.js";

/** A content rule that matched, and the file it matched when it was a file rule. */
export interface RuleHit {
  rule: PermissionRule;
  path?: string;
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

/** Whether a non-file, non-Bash content rule matches (WebFetch domains, Agent types). */
function otherContentMatches(rule: PermissionRule, subject: CallSubject): boolean {
  const { toolName, content = "" } = rule.value;
  if (!subject.toolNames.includes(toolName)) return false;
  if (toolName === "WebFetch" && subject.url !== undefined)
    return domainRuleMatches(content, subject.url);
  if (toolName === "Agent" && subject.agentType !== undefined) return content === subject.agentType;
  return false;
}

/**
 * The first deny or ask content rule that matches ANY part of the call: one part of a
 * compound command, one file it reads or writes (through a link or not), the URL, the agent.
 */
export async function findRestrictingRule(
  rules: readonly PermissionRule[],
  behavior: "deny" | "ask",
  subject: CallSubject,
  context: FileRuleContext,
): Promise<RuleHit | undefined> {
  for (const rule of rules) {
    if (rule.behavior !== behavior || rule.value.content === undefined) continue;
    const content = rule.value.content;
    if (rule.value.toolName === "Bash" && subject.bash) {
      const parts = subject.bash.parts;
      if (parts.some((part) => part.denyForms.some((form) => shellRuleMatches(content, form)))) {
        return { rule };
      }
    }
    for (const file of subject.files) {
      if (!fileRuleGoverns(rule, file, behavior)) continue;
      if (await fileRuleMatches(rule, file.forms, "either", context)) {
        return { rule, path: file.forms.written };
      }
    }
    if (otherContentMatches(rule, subject)) return { rule };
  }
  return undefined;
}
