import type { PermissionMode, ToolUseContext } from "../tools/context.js";
import type { AnyTool, ToolPermissionResult } from "../tools/tool.js";
import {
  type AllowContext,
  bashIsReadOnly,
  findAllowingRule,
  findWholeToolRule,
} from "./allow-rules.js";
import { type CallSubject, describeCall } from "./call-subject.js";
import { findRestrictingRule } from "./content-rules.js";
import type { DecisionReason, HookDecision, PermissionDecision } from "./decision.js";
import { isInsideAny } from "./folders.js";
import { isAutoMemoryWrite } from "./memory-folder.js";
import {
  askRuleMessage,
  deniedByRuleMessage,
  dontAskMessage,
  notGrantedMessage,
  planModeMessage,
} from "./messages.js";
import { TREE_BUDGET, type TreeContext } from "./path-access.js";
import type { PermissionRule } from "./permission-rule.js";
import { isPlanFolderWrite } from "./plan-folder.js";
import type { RealPathResolver } from "./real-paths.js";
import { safetyProblem } from "./safety.js";
import { suggestionsFor } from "./suggestions.js";
import { isFileEditTool } from "./tool-targets.js";

/** The engine's fixed inputs: rules, folders, how paths are resolved, how commands run. */
export interface DecisionSteps extends AllowContext {
  rules: readonly PermissionRule[];
  stateDir: string;
  /** The auto memory folder when auto memory is on: file-tool writes inside need no approval. */
  memoryDir?: string;
  /** The session's plans folder: file-tool writes inside need no approval, even in plan mode. */
  planDir?: string;
  realPath: RealPathResolver;
}

/** The steps with a fresh budget for walking folder trees (one per decision). */
function treeContext(steps: DecisionSteps): TreeContext {
  return { ...steps, budget: { entries: TREE_BUDGET } };
}

/** One call to decide. */
interface CallToDecide {
  tool: AnyTool;
  input: Record<string, unknown>;
  context: ToolUseContext;
  mode: PermissionMode;
  hook: HookDecision | undefined;
}

/** Tools that change nothing outside the conversation: plan mode lets them run. */
/**
 * Tools plan mode lets through although they are not read-only: they change keel's own planning
 * state (todos, the shared task list, team messages under KEEL_CONFIG_DIR), never the project. A
 * plan-mode teammate must be able to answer a shutdown request and keep its tasks.
 */
const PLAN_MODE_TOOLS = new Set([
  "TodoWrite",
  "Agent",
  "TaskOutput",
  "ToolSearch",
  "ExitPlanMode",
  "TaskCreate",
  "TaskUpdate",
  "SendMessage",
]);

type Decided = PermissionDecision | undefined;

const deny = (reason: DecisionReason, message: string): PermissionDecision => ({
  behavior: "deny",
  reason,
  message,
});
const ruleReason = (rule: PermissionRule): DecisionReason => ({
  type: "rule",
  rule: rule.text,
  source: rule.source,
  origin: rule.origin,
});

/** Decides a call in contracts.md §6 order, then lets dontAsk turn a question into a denial. */
export async function decideWithSteps(
  steps: DecisionSteps,
  call: CallToDecide,
): Promise<PermissionDecision> {
  const decision = await decideInOrder(steps, call);
  if (call.mode !== "dontAsk" || decision.behavior !== "ask") return decision;
  return deny({ type: "mode", mode: "dontAsk" }, dontAskMessage(call.tool.name, decision.message));
}

async function decideInOrder(
  steps: DecisionSteps,
  call: CallToDecide,
): Promise<PermissionDecision> {
  const subject = await describeCall(call.tool, call.input, steps);
  const trees = treeContext(steps);
  const denied = await denials(steps, call, subject, trees);
  if (denied) return denied;
  const own = await ownCheck(call);
  if (own.behavior === "deny") return deny({ type: "tool" }, own.message);
  // A call the OS sandbox confines passes a whole-tool ask rule (Claude Code's auto-allow).
  const sandboxed = own.behavior === "allow" && own.sandboxed === true;
  const asked = sandboxed ? undefined : await questions(steps, call, subject, "before", trees);
  if (asked) return asked;
  return (
    (await questions(steps, call, subject, "after", trees)) ??
    (await grants(steps, call, subject, own)) ??
    (await finalAsk(steps, call, subject, own))
  );
}

/**
 * Whole-tool deny rules, a hook's deny, content deny rules, plan mode. Plan mode refuses what
 * changes things unless an allow rule names the call: Claude Code runs an allow-listed command
 * in plan mode (the rest of the order still applies to it: ask rules and safety checks ask).
 */
async function denials(
  steps: DecisionSteps,
  call: CallToDecide,
  subject: CallSubject,
  trees: TreeContext,
): Promise<Decided> {
  const name = call.tool.name;
  const whole = findWholeToolRule(steps.rules, "deny", subject.toolNames);
  if (whole) return deny(ruleReason(whole), deniedByRuleMessage(name, whole));
  if (call.hook?.behavior === "deny") {
    const why = call.hook.reason ?? "a PreToolUse hook denied the call";
    return deny(
      { type: "hook", reason: why },
      `Permission to use ${name} has been denied by a PreToolUse hook: ${why}`,
    );
  }
  const hit = await findRestrictingRule(steps.rules, "deny", subject, trees);
  if (hit) return deny(ruleReason(hit.rule), deniedByRuleMessage(name, hit.rule, hit.why));
  if (
    call.mode === "plan" &&
    !isPlanSafe(call) &&
    !(await isPlanFolderWrite(steps.planDir, name, subject, steps.realFolder)) &&
    !(await findAllowingRule(steps.rules, subject, steps))
  )
    return deny({ type: "mode", mode: "plan" }, planModeMessage(name));
  return undefined;
}

function isPlanSafe(call: CallToDecide): boolean {
  if (PLAN_MODE_TOOLS.has(call.tool.name)) return true;
  try {
    return call.tool.isReadOnly(call.input);
  } catch {
    return false;
  }
}

/** The tool's own verdict; a check that throws is a question, never a silent allow. */
async function ownCheck(call: CallToDecide): Promise<ToolPermissionResult> {
  if (!call.tool.checkPermissions) return { behavior: "passthrough" };
  try {
    return await call.tool.checkPermissions(call.input, call.context);
  } catch (error) {
    return {
      behavior: "ask",
      message: `${call.tool.name}'s permission check failed: ${String(error)}`,
    };
  }
}

/** "before": whole-tool ask rules. "after": content ask rules, safety checks, a hook's ask. */
async function questions(
  steps: DecisionSteps,
  call: CallToDecide,
  subject: CallSubject,
  phase: "before" | "after",
  trees: TreeContext,
): Promise<Decided> {
  const name = call.tool.name;
  const ask = async (reason: DecisionReason, message: string): Promise<PermissionDecision> => ({
    behavior: "ask",
    reason,
    message,
    suggestions: await suggestionsFor(steps.rules, subject, reason, steps),
  });
  if (phase === "before") {
    const whole = findWholeToolRule(steps.rules, "ask", subject.toolNames);
    return whole ? ask(ruleReason(whole), askRuleMessage(name, whole)) : undefined;
  }
  const hit = await findRestrictingRule(steps.rules, "ask", subject, trees);
  if (hit) return ask(ruleReason(hit.rule), askRuleMessage(name, hit.rule, hit.why));
  if (await isAutoMemoryWrite(steps.memoryDir, name, subject, steps.realFolder)) return undefined;
  if (await isPlanFolderWrite(steps.planDir, name, subject, steps.realFolder)) return undefined;
  const unsafe = safetyProblem(subject, {
    workingFolders: steps.workingFolders,
    homes: [steps.home, ...(steps.env.HOME ? [steps.env.HOME] : [])],
    stateDirs: [steps.stateDir, await steps.realFolder(steps.stateDir)],
  });
  if (unsafe) {
    return ask(
      { type: "safety", path: unsafe.path },
      `${name} wants to change ${unsafe.path}: ${unsafe.why}, so a person must approve it.`,
    );
  }
  if (call.hook?.behavior === "ask") {
    return ask(
      { type: "hook", reason: call.hook.reason ?? "" },
      `A PreToolUse hook asks for approval of ${name}${call.hook.reason ? `: ${call.hook.reason}` : "."}`,
    );
  }
  return undefined;
}

/** The tool's allow, reads inside working folders, acceptEdits, a hook's allow, bypass, allow rules. */
async function grants(
  steps: DecisionSteps,
  call: CallToDecide,
  subject: CallSubject,
  own: ToolPermissionResult,
): Promise<Decided> {
  if (own.behavior === "allow") {
    const base = {
      behavior: "allow" as const,
      reason: own.sandboxed ? { type: "sandbox" as const } : { type: "tool" as const },
      message: own.sandboxed
        ? `${call.tool.name} runs it in the sandbox (autoAllowBashIfSandboxed).`
        : `${call.tool.name}'s own check allows it.`,
    };
    return own.updatedInput ? { ...base, updatedInput: own.updatedInput } : base;
  }
  // A file tool asks for every write outside acceptEdits; the memory folder is the exception
  // (its checks — real path inside, no protected folder — are isAutoMemoryWrite's).
  if (await isAutoMemoryWrite(steps.memoryDir, call.tool.name, subject, steps.realFolder)) {
    return {
      behavior: "allow",
      reason: { type: "tool" },
      message: "Inside the auto memory folder.",
    };
  }
  if (await isPlanFolderWrite(steps.planDir, call.tool.name, subject, steps.realFolder)) {
    return { behavior: "allow", reason: { type: "tool" }, message: "The session's plan file." };
  }
  // The working-folder grant never overrides a tool's own question (Glob `../outside/*`).
  if (own.behavior !== "ask" && (await folderGrant(steps, call, subject))) {
    return { behavior: "allow", reason: { type: "tool" }, message: "Inside the working folders." };
  }
  if (call.hook?.behavior === "allow") {
    return {
      behavior: "allow",
      reason: { type: "hook", reason: call.hook.reason ?? "" },
      message: "A PreToolUse hook allowed it.",
    };
  }
  if (call.mode === "bypassPermissions") {
    return {
      behavior: "allow",
      reason: { type: "mode", mode: call.mode },
      message: "bypassPermissions mode allows it.",
    };
  }
  const rule = await findAllowingRule(steps.rules, subject, steps);
  return rule
    ? {
        behavior: "allow",
        reason: ruleReason(rule),
        message: `Allowed by the rule "${rule.text}" (${rule.origin}).`,
      }
    : undefined;
}

/**
 * Read-only Bash command lines and file reads inside the readable folders; in acceptEdits,
 * edits inside the working folders.
 */
async function folderGrant(
  steps: DecisionSteps,
  call: CallToDecide,
  subject: CallSubject,
): Promise<boolean> {
  if (subject.bash) return bashIsReadOnly(subject.bash, steps, steps.rules);
  const [file] = subject.files;
  if (!file || subject.files.length !== 1) return false;
  if (file.access === "read")
    return isInsideAny(file.forms, steps.readableFolders, steps.realFolder);
  return (
    call.mode === "acceptEdits" &&
    isFileEditTool(call.tool.name) &&
    isInsideAny(file.forms, steps.workingFolders, steps.realFolder)
  );
}

async function finalAsk(
  steps: DecisionSteps,
  call: CallToDecide,
  subject: CallSubject,
  own: ToolPermissionResult,
): Promise<PermissionDecision> {
  const reason: DecisionReason =
    own.behavior === "ask" ? { type: "tool" } : { type: "mode", mode: call.mode };
  return {
    behavior: "ask",
    reason,
    message: own.behavior === "ask" ? own.message : notGrantedMessage(call.tool.name),
    suggestions: await suggestionsFor(steps.rules, subject, reason, steps),
  };
}
