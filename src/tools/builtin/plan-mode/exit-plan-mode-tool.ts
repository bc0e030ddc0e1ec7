import type { ToolResultBlock } from "../../../protocol/content.js";
import type { Tool } from "../../tool.js";
import { exitPlanModeDescription } from "./description.js";
import { readPlan, writePlan } from "./plan-file.js";
import type { PlanModeState } from "./plan-mode-state.js";
import {
  type ExitPlanModeInput,
  type ExitPlanModeOutput,
  exitPlanModeInputSchema,
} from "./schema.js";

/** The name of the tool whose approval is a plan approval (the hosts show it their own way). */
export const EXIT_PLAN_MODE = "ExitPlanMode";

/** The question whoever approves is asked (Claude Code's words). */
export const EXIT_PLAN_MODE_QUESTION = "Exit plan mode?";

function approvedResult(output: ExitPlanModeOutput, toolUseId: string): ToolResultBlock {
  const lines = [
    "The user approved your plan and plan mode is off: you can start making the changes now, within the permissions the user gives.",
    `The plan is saved at ${output.filePath}; refer back to it as you work.`,
  ];
  if (output.planWasEdited && output.plan !== null)
    lines.push(`The user edited the plan; this is the approved version:\n\n${output.plan}`);
  return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") };
}

/**
 * ExitPlanMode: the plan in the plan file goes to a person (or an SDK host) for approval —
 * the tool always asks; once allowed, plan mode ends (the approver may already have chosen
 * the next mode; otherwise the mode plan mode replaced comes back).
 */
export function createExitPlanModeTool(
  planFile: string,
  state: PlanModeState,
): Tool<ExitPlanModeInput, ExitPlanModeOutput> {
  return {
    name: EXIT_PLAN_MODE,
    description: exitPlanModeDescription(),
    inputSchema: exitPlanModeInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "ask", message: EXIT_PLAN_MODE_QUESTION }),
    async validateInput(_input, context) {
      if (context.agentId !== undefined)
        return { ok: false, message: "ExitPlanMode cannot be used by a subagent." };
      if (context.getAppState().permissionMode !== "plan")
        return {
          ok: false,
          message:
            "You are not in plan mode. ExitPlanMode presents a plan made in plan mode; make the changes directly instead.",
        };
      return { ok: true };
    },
    async call(input, context) {
      const onFile = await readPlan(planFile);
      const sent = input.plan !== undefined && input.plan !== onFile;
      if (sent && input.plan !== undefined) await writePlan(planFile, input.plan);
      // A plan sent back changed, or the person edited the file itself while approving it.
      const edited = sent || input.planWasEdited === true;
      if (context.getAppState().permissionMode === "plan")
        context.setAppState((previous) => ({ ...previous, permissionMode: state.modeBefore() }));
      const plan = sent ? (input.plan ?? null) : onFile;
      return {
        data: {
          plan,
          isAgent: false,
          filePath: planFile,
          ...(edited ? { planWasEdited: true } : {}),
        },
      };
    },
    mapToolResult: approvedResult,
  };
}
