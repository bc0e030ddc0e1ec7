import { dirname } from "node:path";
import type { PermissionMode } from "../tools/context.js";
import { type AllowContext, partAllowedBy } from "./allow-rules.js";
import type { CallSubject } from "./call-subject.js";
import type { DecisionReason, PermissionSuggestions } from "./decision.js";
import { isInsideAny } from "./folders.js";
import type { PermissionRule } from "./permission-rule.js";
import { formatRule } from "./rule-syntax.js";
import { suggestRulesForParts } from "./suggest.js";
import { isFileEditTool } from "./tool-targets.js";

/** An absolute path as a `//path` rule pattern, wildcards escaped. */
function absolutePattern(path: string): string {
  return `/${path.replace(/[*?[\\]/g, (c) => `\\${c}`)}`;
}

function ruleSuggestions(
  rules: readonly PermissionRule[],
  subject: CallSubject,
  context: AllowContext,
): string[] {
  if (subject.bash) {
    const open = subject.bash.parts.filter(
      (part) => partAllowedBy(rules, part, context) === undefined,
    );
    return suggestRulesForParts(open);
  }
  const toolName = subject.toolNames[0] ?? "";
  const [file] = subject.files;
  if (file) {
    const family = file.access === "write" ? "Edit" : "Read";
    const isFolder = toolName === "Glob" || toolName === "Grep";
    const pattern = absolutePattern(file.forms.written) + (isFolder ? "/**" : "");
    return [formatRule({ toolName: family, content: pattern })];
  }
  if (toolName === "WebFetch" && subject.url !== undefined && URL.canParse(subject.url)) {
    return [formatRule({ toolName, content: `domain:${new URL(subject.url).hostname}` })];
  }
  if (toolName === "Agent" && subject.agentType !== undefined) {
    return [formatRule({ toolName, content: subject.agentType })];
  }
  return [toolName];
}

/** What would allow a call that asks; nothing but a person allows what a safety check stopped. */
export async function suggestionsFor(
  rules: readonly PermissionRule[],
  subject: CallSubject,
  reason: DecisionReason,
  context: AllowContext,
): Promise<PermissionSuggestions> {
  if (reason.type === "safety" || reason.type === "hook" || reason.type === "rule") {
    return { rules: [], modes: [], directories: [] };
  }
  const modes: PermissionMode[] = [];
  const directories: string[] = [];
  const toolName = subject.toolNames[0] ?? "";
  for (const file of subject.files) {
    const inside = await isInsideAny(file.forms, context.workingFolders, context.realFolder);
    const isFolder = !subject.bash && (toolName === "Glob" || toolName === "Grep");
    if (!inside) directories.push(isFolder ? file.forms.written : dirname(file.forms.written));
    else if (isFileEditTool(toolName)) modes.push("acceptEdits");
  }
  modes.push("bypassPermissions");
  return {
    rules: ruleSuggestions(rules, subject, context),
    modes: [...new Set(modes)],
    directories: [...new Set(directories)],
  };
}
