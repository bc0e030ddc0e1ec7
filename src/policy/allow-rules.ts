import {
  type FileSystemView,
  type PartEffects,
  readOnlyVerdict,
  type ShellEffects,
} from "../tools/shell-effects/index.js";
import type { BashAnalysis, BashPart } from "./bash-analysis.js";
import type { CallSubject, TouchedFile } from "./call-subject.js";
import { fileRuleGoverns, otherContentMatches } from "./content-rules.js";
import { type FileRuleContext, fileRuleMatches } from "./file-rules.js";
import { isInsideAny } from "./folders.js";
import type { PermissionRule } from "./permission-rule.js";
import { shellRuleMatches } from "./shell-rule.js";
import { ruleNameCovers } from "./tool-names.js";

/** What allow-rule matching needs beyond the rules: anchors, folders, how commands run. */
export interface AllowContext extends FileRuleContext {
  /** The working folders (writes inside them need no Edit rule once a Bash rule allows the command). */
  workingFolders: readonly string[];
  /** The working folders and keel's state folder (reads inside need no Read rule). */
  readableFolders: readonly string[];
  /** The environment Bash commands run with. */
  env: Readonly<Record<string, string | undefined>>;
  /** Variables the project's settings set (never trusted by the read-only verdict). */
  projectEnv: readonly string[];
  fs: FileSystemView;
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

function verdictOf(effects: ShellEffects, context: AllowContext): boolean {
  return readOnlyVerdict(effects, {
    folders: context.readableFolders,
    env: context.env,
    projectEnv: context.projectEnv,
    fs: context.fs,
  }).readOnly;
}

/** One part's effects as a line of its own (is it read-only alone?). */
function alone(part: PartEffects): ShellEffects {
  return { ...part, parsed: true, parts: [part], changesDirectory: false };
}

/** True when a rule restricts reading (a Read deny or ask rule). */
function restrictsReading(rules: readonly PermissionRule[]): boolean {
  return rules.some(
    (rule) =>
      rule.behavior !== "allow" &&
      rule.value.toolName === "Read" &&
      rule.value.content !== undefined,
  );
}

/**
 * True when the whole command line only reads inside the readable folders (contracts §6).
 * Under a Read deny or ask rule a `cd` joined to other commands is asked about, as in
 * Claude Code.
 */
export function bashIsReadOnly(
  bash: BashAnalysis,
  context: AllowContext,
  rules: readonly PermissionRule[],
): boolean {
  if (bash.effects.changesDirectory && bash.parts.length > 1 && restrictsReading(rules))
    return false;
  return verdictOf(bash.effects, context);
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
  if (!part.effects) return undefined;
  // A bare assignment or redirection that steers nothing needs no rule; nor does a reader.
  if (part.allowable && part.allowForms.length === 0 && part.effects.opaque.length === 0)
    return "free";
  return verdictOf(alone(part.effects), context) ? "free" : undefined;
}

/** Reasons the line may run code no part accounts for (a heredoc's hidden substitution). */
function lineOnlyOpaque(bash: BashAnalysis): string[] {
  const inParts = new Set(bash.parts.flatMap((part) => part.effects?.opaque ?? []));
  return bash.effects.opaque.filter((reason) => !inParts.has(reason));
}

/**
 * Programs after which a line's other commands may not be what their words say: a sourced or
 * eval'd script can define functions that shadow them, and `pushd`/`popd` move the shell along
 * a folder stack. A rule vouches for such a program alone, never for a line joining it to
 * others (Claude Code asks there too: `source venv/bin/activate && pytest`,
 * `pushd src && pnpm build && popd`).
 */
const HANDS_THE_LINE_ON = new Set(["source", ".", "eval", "pushd", "popd"]);

function handsTheLineOn(bash: BashAnalysis): boolean {
  return (
    bash.parts.length > 1 &&
    bash.parts.some((part) => HANDS_THE_LINE_ON.has(part.words[0]?.value ?? ""))
  );
}

/**
 * The allow rule vouching for a Bash command line: every part must be allowed on its own (or
 * be read-only), every file it is sure to touch must be inside the working folders or allowed
 * by a Read/Edit rule, and no path it writes or reads may be unknown until run time.
 */
async function bashAllowedBy(
  rules: readonly PermissionRule[],
  bash: BashAnalysis,
  subject: CallSubject,
  context: AllowContext,
): Promise<PermissionRule | undefined> {
  if (!bash.parsed || lineOnlyOpaque(bash).length > 0 || handsTheLineOn(bash)) return undefined;
  if (subject.unresolved.some((file) => file.certain)) return undefined;
  let first: PermissionRule | undefined;
  for (const part of bash.parts) {
    const verdict = partAllowedBy(rules, part, context);
    if (verdict === undefined) return undefined;
    if (verdict !== "free") first ??= verdict;
  }
  for (const file of subject.files) {
    if (!file.certain) continue;
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
  return rules.find(
    (r) =>
      r.behavior === "allow" && r.value.content !== undefined && otherContentMatches(r, subject),
  );
}
