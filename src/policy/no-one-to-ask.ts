import type { PermissionResult } from "../tools/context.js";

/** The tools whose question only a person can answer, and what headless keel says instead. */
export function noOneToAsk(
  toolName: string,
  input: Record<string, unknown>,
): PermissionResult | undefined {
  if (toolName === "AskUserQuestion") {
    return {
      behavior: "deny",
      message:
        "No one can answer AskUserQuestion: keel is running headless, with no person and no permission prompt tool to answer it. Go on with your best judgement and say what you assumed.",
    };
  }
  if (toolName === "ExitPlanMode") {
    const plan = typeof input.plan === "string" ? input.plan : "";
    const where = typeof input.planFilePath === "string" ? ` (${input.planFilePath})` : "";
    return {
      behavior: "deny",
      message: `No one can approve the plan: keel is running headless. Plan mode stays on and the turn ends here, with the plan${where} as its result.`,
      endTurn: { result: plan.trim() === "" ? `No plan was written${where}.` : plan },
    };
  }
  return undefined;
}
