import type { PermissionAnswer, PermissionQuestion, RuleScope } from "./interactive-permissions.js";
import { LAUNCH_ALWAYS, LAUNCH_RUN, LAUNCH_VIEW, type WorkflowLaunch } from "./workflow-launch.js";

/** A choice of the permission dialog. */
export type PermissionChoice =
  | { kind: "allow-once"; label: string }
  /** Switches the session to acceptEdits (an edit inside the working folders asked). */
  | { kind: "accept-edits"; label: string }
  | { kind: "always-allow"; label: string; rules: string[]; scope: RuleScope }
  | { kind: "deny"; label: string }
  /** One option of an AskUserQuestion question. */
  | { kind: "answer"; label: string; value: string };

/** The deny choice's label: what Esc does, and that text typed on its line goes to the model. */
export const DENY_LABEL = "No, and tell keel what to do differently (esc)";

/**
 * The dialog's choices, as Claude Code words them: yes; for an edit inside the working folders,
 * all edits for the session (acceptEdits); else, when the engine suggested narrow rules, those
 * rules kept for this project (`.claude/settings.local.json`) or for this session only; no.
 */
export function permissionChoices(question: PermissionQuestion): PermissionChoice[] {
  if (question.planFile !== undefined) return planChoices();
  if (question.options !== undefined) return questionChoices(question.options);
  if (question.workflow !== undefined) return workflowChoices(question.workflow);
  const choices: PermissionChoice[] = [{ kind: "allow-once", label: "Yes" }];
  if (question.offersAcceptEdits) {
    choices.push({
      kind: "accept-edits",
      label: "Yes, allow all edits during this session (shift+tab)",
    });
  } else if (question.rules.length > 0) {
    const named = question.rules.join(", ");
    const { rules } = question;
    choices.push(
      {
        kind: "always-allow",
        label: `Yes, and don't ask again for ${named} in this project`,
        rules,
        scope: "project",
      },
      {
        kind: "always-allow",
        label: `Yes, and allow ${named} for this session only`,
        rules,
        scope: "session",
      },
    );
  }
  choices.push({ kind: "deny", label: DENY_LABEL });
  return choices;
}

/** A workflow's launch, in Claude Code's words; "View raw script" shows it and asks again. */
function workflowChoices(workflow: WorkflowLaunch): PermissionChoice[] {
  return [
    { kind: "answer", label: "Yes, run it", value: LAUNCH_RUN },
    {
      kind: "answer",
      label: `Yes, and don't ask again for ${workflow.name} in ${workflow.where}`,
      value: LAUNCH_ALWAYS,
    },
    { kind: "answer", label: "View raw script", value: LAUNCH_VIEW },
    { kind: "deny", label: "No (esc)" },
  ];
}

/** A plan's approval, in Claude Code's words. */
function planChoices(): PermissionChoice[] {
  return [
    { kind: "accept-edits", label: "Yes, and auto-accept edits" },
    { kind: "allow-once", label: "Yes, and manually approve edits" },
    { kind: "deny", label: "No, keep planning (type what to change) (esc)" },
  ];
}

/** An AskUserQuestion question: its options, then "Other" (the typed line is the answer). */
function questionChoices(options: readonly { label: string }[]): PermissionChoice[] {
  return [
    ...options.map((option) => ({
      kind: "answer" as const,
      label: option.label,
      value: option.label,
    })),
    { kind: "deny", label: "Other: type your answer (esc without text declines)" },
  ];
}

/** The answer a choice gives (a denial carries the typed feedback). */
export function choiceAnswer(choice: PermissionChoice, feedback: string): PermissionAnswer {
  switch (choice.kind) {
    case "allow-once":
      return { kind: "allow-once" };
    case "accept-edits":
      return { kind: "accept-edits" };
    case "always-allow":
      return { kind: "always-allow", rules: choice.rules, scope: choice.scope };
    case "deny":
      return { kind: "deny", feedback };
    case "answer":
      return { kind: "answer", value: choice.value };
  }
}
