import type { Tool } from "../../tool.js";
import { enterPlanModeDescription } from "./description.js";
import type { PlanModeState } from "./plan-mode-state.js";
import {
  type EnterPlanModeInput,
  type EnterPlanModeOutput,
  enterPlanModeInputSchema,
} from "./schema.js";

const ENTERED =
  "Entered plan mode. Explore the code with read-only tools and design the approach; write the plan to the plan file, then call ExitPlanMode to present it for approval. Make no other change until the user approves.";

/** EnterPlanMode: the model switches the session to plan mode (only the main thread can). */
export function createEnterPlanModeTool(
  state: PlanModeState,
): Tool<EnterPlanModeInput, EnterPlanModeOutput> {
  return {
    name: "EnterPlanMode",
    description: enterPlanModeDescription(),
    inputSchema: enterPlanModeInputSchema,
    maxResultSizeChars: 10_000,
    // It only narrows what may run next, so it needs no approval and plan mode lets it be.
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "allow" }),
    async validateInput(_input, context) {
      if (context.agentId !== undefined)
        return { ok: false, message: "EnterPlanMode cannot be used by a subagent." };
      return { ok: true };
    },
    async call(_input, context) {
      state.entered(context.getAppState().permissionMode);
      context.setAppState((previous) => ({ ...previous, permissionMode: "plan" }));
      return { data: { message: ENTERED } };
    },
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: output.message,
    }),
  };
}
