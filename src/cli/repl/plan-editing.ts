import { readPlan } from "../../tools/builtin/plan-mode/plan-file.js";
import type { EditorOutcome } from "./commands/editor.js";
import type { PermissionQuestion } from "./interactive-permissions.js";

/** The plan as the approval dialog shows it. */
export function shownPlan(plan: string): string {
  return plan.trim() === "" ? "(the plan file is empty)" : plan;
}

/** How opening the plan in the editor went: the question as it is now, and any problem. */
export interface PlanEdit {
  question: PermissionQuestion;
  problem?: string;
}

/**
 * Ctrl+G on a plan's approval: the plan file opens in the person's editor ($VISUAL, else
 * $EDITOR, else vi, with the terminal handed over) and, once the editor exits, the question
 * shows the plan as the file now holds it. The approval that follows carries the edited plan
 * (interactive-permissions.ts reads the file again).
 */
export async function editPlanFile(
  question: PermissionQuestion,
  edit: (path: string) => Promise<EditorOutcome>,
): Promise<PlanEdit> {
  const path = question.planFile;
  if (path === undefined) return { question, problem: "this question has no plan file" };
  const outcome = await edit(path);
  const plan = (await readPlan(path)) ?? "";
  const edited = { ...question, message: shownPlan(plan) };
  return outcome.ok ? { question: edited } : { question: edited, problem: outcome.problem };
}
