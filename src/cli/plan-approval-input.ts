import { EXIT_PLAN_MODE } from "../tools/builtin/plan-mode/exit-plan-mode-tool.js";
import { readPlan } from "../tools/builtin/plan-mode/plan-file.js";
import type { CanUseTool } from "../tools/context.js";

/**
 * Whoever approves an ExitPlanMode call sees the plan: the model sends no plan text, so the
 * input the approver gets carries the plan file's text and path (as Claude Code gives an SDK
 * host `plan`). An approver that sends a changed `plan` back edits the plan.
 */
export function withPlanForApproval(canUseTool: CanUseTool, planFile: string): CanUseTool {
  return async (tool, input, ...rest) => {
    if (tool.name !== EXIT_PLAN_MODE) return canUseTool(tool, input, ...rest);
    const plan = (await readPlan(planFile)) ?? "";
    return canUseTool(tool, { ...input, plan, planFilePath: planFile }, ...rest);
  };
}
