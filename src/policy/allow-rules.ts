import { realpathSync } from "node:fs";
import { isReadOnlyCommand } from "../tools/shell-parse/index.js";
import type { BashAnalysis, BashPart } from "./bash-analysis.js";
import type { CallSubject, TouchedFile } from "./call-subject.js";
import { domainRuleMatches, fileRuleGoverns } from "./content-rules.js";
import { type FileRuleContext, fileRuleMatches } from "./file-rules.js";
import { isInsideAny } from "./folders.js";
import type { PermissionRule } from "./permission-rule.js";
import { shellRuleMatches } from "./shell-rule.js";
import { ruleNameCovers } from "./tool-names.js";

/** What allow-rule matching needs beyond the rules: anchors and the folders a call may touch. */
export interface AllowContext extends FileRuleContext {
  /** The working folders (writes inside them need no Edit rule once a Bash rule allows the command). */
  workingFolders: readonly string[];
  /** The working folders and keel's state folder (reads inside need no Read rule). */
  readableFolders: readonly string[];
}

/** The whole-tool rule of `behavior` covering the tool (`Bash`, `mcp__server`), if any. */
export function findWholeToolRule(
  rules: readonly PermissionRule[],
  behavior: PermissionRule["behavior"],
  toolNames: readonly string[],
): PermissionRule | undefined {
  return rules.find(
    (r) =>
      r.behavior === behavior &&
      r.value.content === undefined &&
      ruleNameCovers(r.value.toolName, toolNames),
  );
}

/** True when the part reads only, inside the readable folders, on its own. */
function partIsReadOnly(part: BashPart, context: AllowContext): boolean {
  if (!part.command) return false;
  const parsed = {
    source: part.text,
    commands: [part.command],
    operators: [],
    redirections: part.command.redirections,
    subshells: 0,
    constructs: [],
  };
  return isReadOnlyCommand(parsed, {
    cwd: context.cwd,
    workingDirs: context.readableFolders,
    realpath: realpathSync.native,
  });
}

async function fileAllowedBy(
  rules: readonly PermissionRule[],
  file: TouchedFile,
  context: AllowContext,
): Promise<PermissionRule | undefined> {
  for (const rule of rules) {
    if (rule.behavior !== "allow" || rule.value.content === undefined) continue;
    if (
      fileRuleGoverns(rule, file, "allow") &&
      (await fileRuleMatches(rule, file.forms, "both", context))
    ) {
      return rule;
    }
  }
  return undefined;
}

/** A Bash allow rule matching the part, "free" for parts needing no rule, undefined if none. */
export function partAllowedBy(
  rules: readonly PermissionRule[],
  part: BashPart,
  context: AllowContext,
): PermissionRule | "free" | undefined {
  const rule = part.allowable
    ? rules.find(
        (r) =>
          r.behavior === "allow" &&
          r.value.toolName === "Bash" &&
          r.value.content !== undefined &&
          part.allowForms.some((form) => shellRuleMatches(r.value.content ?? "", form)),
      )
    : undefined;
  if (rule) return rule;
  // A bare assignment or redirection, or a part that only reads: no rule needed.
  if (part.allowable && part.allowForms.length === 0) return "free";
  return partIsReadOnly(part, context) ? "free" : undefined;
}

/** True when the whole command line only reads inside the readable folders (contracts.md §6). */
export function bashIsReadOnly(bash: BashAnalysis, context: AllowContext): boolean {
  if (!bash.parsedCommand) return false;
  return isReadOnlyCommand(bash.parsedCommand, {
    cwd: context.cwd,
    workingDirs: context.readableFolders,
    realpath: realpathSync.native,
  });
}

/**
 * The allow rule vouching for a Bash command line: every part must be allowed on its own (or
 * be read-only), every file it touches must be inside the working folders or allowed by a
 * Read/Edit rule, and nothing may be unknown until run time.
 */
async function bashAllowedBy(
  rules: readonly PermissionRule[],
  bash: BashAnalysis,
  subject: CallSubject,
  context: AllowContext,
): Promise<PermissionRule | undefined> {
  if (!bash.parsed || subject.unknownFiles.length > 0) return undefined;
  let first: PermissionRule | undefined;
  for (const part of bash.parts) {
    const verdict = partAllowedBy(rules, part, context);
    if (verdict === undefined) return undefined;
    if (verdict !== "free") first ??= verdict;
  }
  for (const file of subject.files) {
    const folders = file.access === "write" ? context.workingFolders : context.readableFolders;
    if (await isInsideAny(file.forms, folders, context.realFolder)) continue;
    if (!(await fileAllowedBy(rules, file, context))) return undefined;
  }
  return first;
}

/** The allow rule that allows the call (whole-tool or content-specific), if any. */
export async function findAllowingRule(
  rules: readonly PermissionRule[],
  subject: CallSubject,
  context: AllowContext,
): Promise<PermissionRule | undefined> {
  const whole = findWholeToolRule(rules, "allow", subject.toolNames);
  if (whole) return whole;
  if (subject.bash) return bashAllowedBy(rules, subject.bash, subject, context);
  const [file] = subject.files;
  if (file) return fileAllowedBy(rules, file, context);
  return rules.find((r) => {
    const { toolName, content } = r.value;
    if (r.behavior !== "allow" || content === undefined || !subject.toolNames.includes(toolName))
      return false;
    if (toolName === "WebFetch" && subject.url !== undefined)
      return domainRuleMatches(content, subject.url);
    return toolName === "Agent" && content === subject.agentType;
  });
}
