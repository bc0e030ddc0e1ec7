import type { PermissionEngine } from "../../policy/engine.js";
import { decideCall, settledResult } from "../../policy/settled.js";
import { ASK_USER_QUESTION } from "../../tools/builtin/ask-user-question/ask-user-question-tool.js";
import { askUserQuestionInputSchema } from "../../tools/builtin/ask-user-question/schema.js";
import { EXIT_PLAN_MODE } from "../../tools/builtin/plan-mode/exit-plan-mode-tool.js";
import { readPlan } from "../../tools/builtin/plan-mode/plan-file.js";
import { WORKFLOW_TOOL_NAME } from "../../tools/builtin/workflow/schema.js";
import type { CanUseTool, PermissionResult, ToolUseContext } from "../../tools/context.js";
import { type ChangePreview, changePreview, type PreviewPlace } from "./change-preview.js";
import { shownPlan } from "./plan-editing.js";
import { toolSummary } from "./tool-summary.js";
import { type WorkflowLaunch, workflowLauncher } from "./workflow-launch.js";

/** A question for the person: may this call run? */
export interface PermissionQuestion {
  toolName: string;
  /** The call in one line (`Bash(npm test)`). */
  summary: string;
  /** Why the engine asks. */
  message: string;
  /** The narrow allow rules "don't ask again" would add (narrowest first). */
  rules: string[];
  /** True when acceptEdits would allow the call (an edit inside the working folders). */
  offersAcceptEdits?: boolean;
  /** What the call would do, shown whole: the command, the new file, the diff. */
  preview?: ChangePreview;
  /** Set for ExitPlanMode: the question is a plan's approval (its own choices). */
  planFile?: string;
  /** Set for AskUserQuestion: the options to choose from (the typed line is "Other"). */
  options?: ReadonlyArray<{ label: string; description: string }>;
  /** Set for a Workflow launch: the workflow's name and where its script is (its own choices). */
  workflow?: WorkflowLaunch;
  /** Set when a teammate (agent teams) made the call: the dialog names it. */
  teammate?: string;
}

/** Where "don't ask again" keeps rules: this session, or the project's settings.local.json too. */
export type RuleScope = "session" | "project";

/** The person's answer to a permission question. */
export type PermissionAnswer =
  | { kind: "allow-once" }
  /** Allow, and the session is in acceptEdits from now on (the REPL switches the mode). */
  | { kind: "accept-edits" }
  | { kind: "always-allow"; rules: string[]; scope: RuleScope }
  /** An empty feedback means a plain rejection: the turn ends. */
  | { kind: "deny"; feedback: string }
  /** An AskUserQuestion option chosen. */
  | { kind: "answer"; value: string };

/** Asks the person; the signal aborts when the turn ends before they answer. */
export type AskPerson = (
  question: PermissionQuestion,
  signal: AbortSignal,
) => Promise<PermissionAnswer>;

/** Saves allow rules for the project; says itself when it cannot (they still hold for the session). */
type KeepRules = (rules: readonly string[]) => Promise<void>;

/** What the REPL's canUseTool needs besides the engine and the person. */
interface InteractivePlace extends PreviewPlace {
  keepRules: KeepRules;
}

/** What the model reads when the person rejected a call without saying why. */
export const REJECTED_MESSAGE =
  "The user rejected this tool call, so it did not run (nothing was changed). Stop and wait for the user to say how to go on.";

/** What the model reads when the person rejected a call and said why. */
function rejectedWithFeedback(feedback: string): string {
  return `The user rejected this tool call, so it did not run (nothing was changed). The user said: ${feedback}`;
}

/** Turns the person's answer into the loop's permission result (rules kept as they chose). */
async function answerToResult(
  answer: PermissionAnswer,
  engine: Pick<PermissionEngine, "addSessionRules">,
  keepRules: KeepRules,
): Promise<PermissionResult> {
  switch (answer.kind) {
    case "allow-once":
    case "accept-edits":
      return { behavior: "allow" };
    case "always-allow":
      // The rules are the engine's own suggestions, so they parse.
      engine.addSessionRules(answer.rules);
      if (answer.scope === "project") await keepRules(answer.rules);
      return { behavior: "allow" };
    case "answer":
      // Only AskUserQuestion's dialog offers options; an option is no permission to anything else.
      return { behavior: "deny", message: "An answer was given where a permission was asked." };
    case "deny": {
      const feedback = answer.feedback.trim();
      if (feedback === "") return { behavior: "deny", message: REJECTED_MESSAGE, interrupt: true };
      return { behavior: "deny", message: rejectedWithFeedback(feedback) };
    }
  }
}

/**
 * ExitPlanMode's question: the plan (its file's text) with Claude Code's three answers —
 * approve and auto-accept edits (the controller switches to acceptEdits), approve and keep
 * asking (default mode), or keep planning with feedback for the model.
 */
async function approvePlan(
  input: Record<string, unknown>,
  context: ToolUseContext,
  ask: AskPerson,
): Promise<PermissionResult> {
  const plan = typeof input.plan === "string" ? input.plan : "";
  const path = typeof input.planFilePath === "string" ? input.planFilePath : "";
  const question: PermissionQuestion = {
    toolName: EXIT_PLAN_MODE,
    summary: `Here is the plan (${path}; ctrl+g opens it in your editor). Exit plan mode and start?`,
    message: shownPlan(plan),
    rules: [],
    offersAcceptEdits: true,
    planFile: path,
  };
  const answer = await ask(question, context.abortController.signal);
  if (answer.kind === "allow-once")
    context.setAppState((previous) => ({ ...previous, permissionMode: "default" }));
  if (answer.kind === "deny" && answer.feedback.trim() !== "")
    return {
      behavior: "deny",
      message: `The user wants to keep planning; plan mode stays on. Revise the plan file and call ExitPlanMode again. The user said: ${answer.feedback.trim()}`,
    };
  const result = await answerToResult(answer, { addSessionRules: () => [] }, async () => {});
  // The person may have edited the plan in the editor (Ctrl+G): the approved plan is the file's.
  const now = path === "" ? plan : ((await readPlan(path)) ?? "");
  if (result.behavior !== "allow" || now === plan) return result;
  return { behavior: "allow", updatedInput: { ...input, plan: now, planWasEdited: true } };
}

/**
 * AskUserQuestion's dialogs, one question after another: an option, or a typed answer on the
 * "Other" line; Esc without text declines (the turn ends, as for a rejected call). The
 * answers go back in the input, as Claude Code's dialog returns them.
 */
async function askQuestions(
  input: Record<string, unknown>,
  context: ToolUseContext,
  ask: AskPerson,
): Promise<PermissionResult> {
  const parsed = askUserQuestionInputSchema.safeParse(input);
  if (!parsed.success) return { behavior: "deny", message: parsed.error.message };
  const answers: Record<string, string> = {};
  for (const q of parsed.data.questions) {
    const several = q.multiSelect ? "\nSeveral may apply: type them on the Other line." : "";
    const answer = await ask(
      {
        toolName: ASK_USER_QUESTION,
        summary: `${q.header}: ${q.question}`,
        message: q.options.map((o) => `${o.label}: ${o.description}`).join("\n") + several,
        rules: [],
        options: q.options,
      },
      context.abortController.signal,
    );
    if (answer.kind === "answer") answers[q.question] = answer.value;
    else if (answer.kind === "deny" && answer.feedback.trim() !== "")
      answers[q.question] = answer.feedback.trim();
    else return { behavior: "deny", message: REJECTED_MESSAGE, interrupt: true };
  }
  return { behavior: "allow", updatedInput: { ...input, answers } };
}

/**
 * canUseTool for the REPL: the engine decides, and when it would ask, the person answers, seeing
 * what the call would do (contracts.md §6: a rejection without feedback ends the turn; with
 * feedback the model goes on).
 */
export function createInteractiveCanUseTool(
  engine: PermissionEngine,
  ask: AskPerson,
  place: InteractivePlace,
): CanUseTool {
  const launchWorkflow = workflowLauncher(ask, place, (answer) =>
    answerToResult(answer, engine, place.keepRules),
  );
  return async (tool, input, context, _assistant, toolUseId, hookVerdict) => {
    const decision = await decideCall(engine, tool, input, context, hookVerdict, toolUseId);
    if (decision.behavior !== "ask") return settledResult(decision);
    if (tool.name === WORKFLOW_TOOL_NAME) return launchWorkflow(input, context);
    if (tool.name === EXIT_PLAN_MODE) return approvePlan(input, context, ask);
    if (tool.name === ASK_USER_QUESTION) return askQuestions(input, context, ask);
    const preview = await changePreview(tool.name, input, place);
    const question: PermissionQuestion = {
      toolName: tool.name,
      summary: toolSummary(tool.name, input, place.cwd),
      message: decision.message,
      rules: decision.suggestions.rules,
      ...(decision.suggestions.modes.includes("acceptEdits") ? { offersAcceptEdits: true } : {}),
      ...(preview ? { preview } : {}),
      ...(context.agentName === undefined ? {} : { teammate: context.agentName }),
    };
    const answer = await ask(question, context.abortController.signal);
    return answerToResult(answer, engine, place.keepRules);
  };
}
