import { z } from "zod";
import { EXIT_PLAN_MODE } from "../../tools/builtin/plan-mode/exit-plan-mode-tool.js";
import { readPlan } from "../../tools/builtin/plan-mode/plan-file.js";
import {
  type ExitPlanModeInput,
  exitPlanModeInputSchema,
} from "../../tools/builtin/plan-mode/schema.js";
import type { AnyTool, Tool } from "../../tools/tool.js";
import { TEAM_LEAD_NAME } from "../team-names.js";
import type { TeamMailboxPort, TeamProtocolPort } from "./team-ports.js";

/** What a teammate's plan request sent. */
const sentSchema = z.object({ requestId: z.string(), filePath: z.string() });
type Sent = z.infer<typeof sentSchema>;

/** Who is asking, and where the request goes. */
interface TeammatePlanDeps {
  name: string;
  color: string;
  /** Its plan file (in the session's plan folder, which plan mode lets it write). */
  planFile: string;
  mailbox: TeamMailboxPort;
  protocol: TeamProtocolPort;
  /** A new request id (unique in the team). */
  newRequestId: () => string;
}

/**
 * A plan-mode teammate's ExitPlanMode (task-types.md §1.6): its plan goes to the lead as a
 * plan_approval_request and it is told to wait; the approval arrives in its inbox and sets its
 * mode. No one is asked for permission here: approving is the lead's part.
 */
function teammateExitPlanMode(deps: TeammatePlanDeps): Tool<ExitPlanModeInput, Sent> {
  return {
    name: EXIT_PLAN_MODE,
    description:
      "Sends your plan (the plan file you wrote in plan mode) to the team lead for approval. Call it once the plan is complete; then wait for the lead's answer in your inbox before making any change.",
    inputSchema: exitPlanModeInputSchema,
    maxResultSizeChars: 10_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "allow" }),
    async validateInput(_input, context) {
      if (context.getAppState().permissionMode !== "plan") {
        return { ok: false, message: "You are not in plan mode; make the changes directly." };
      }
      return { ok: true };
    },
    async call(input) {
      const plan = input.plan ?? (await readPlan(deps.planFile));
      if (plan === null || plan.trim() === "") {
        throw new Error(`Write your plan to ${deps.planFile} first.`);
      }
      const requestId = deps.newRequestId();
      const text = deps.protocol.planApprovalRequest({
        from: deps.name,
        planFilePath: deps.planFile,
        planContent: plan,
        requestId,
      });
      await deps.mailbox.send(TEAM_LEAD_NAME, { from: deps.name, text, color: deps.color });
      return { data: { requestId, filePath: deps.planFile } };
    },
    mapToolResult: (sent, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: `Your plan was sent to ${TEAM_LEAD_NAME} for approval (request ${sent.requestId}). Wait for the answer in your inbox; do not make changes until the plan is approved.`,
    }),
  };
}

/** A teammate's tools with its own ExitPlanMode in place of the session's. */
export function withTeammatePlanTool(tools: readonly AnyTool[], deps: TeammatePlanDeps): AnyTool[] {
  return [...tools.filter((tool) => tool.name !== EXIT_PLAN_MODE), teammateExitPlanMode(deps)];
}
