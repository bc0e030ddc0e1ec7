import type { HookPermissionVerdict, PermissionResult, ToolUseContext } from "../tools/context.js";
import type { AnyTool } from "../tools/tool.js";
import { allowReasonOf } from "./allow-reason.js";
import type { PermissionDecision } from "./decision.js";
import type { PermissionEngine } from "./engine.js";

/** Asks the engine about a call, with the PreToolUse hooks' verdict weighed in. */
export function decideCall(
  engine: PermissionEngine,
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ToolUseContext,
  hookVerdict: HookPermissionVerdict | undefined,
  toolUseId?: string,
): Promise<PermissionDecision> {
  return engine.decide(tool, input, context, {
    ...(hookVerdict ? { hookDecision: hookVerdict } : {}),
    ...(toolUseId === undefined ? {} : { toolUseId }),
  });
}

/** An allow or deny the engine settled on, as the answer the tool pipeline takes. */
export function settledResult(
  decision: Exclude<PermissionDecision, { behavior: "ask" }>,
): PermissionResult {
  if (decision.behavior === "deny") {
    const { message, interrupt } = decision;
    return interrupt ? { behavior: "deny", message, interrupt } : { behavior: "deny", message };
  }
  const decisionReason = allowReasonOf(decision);
  return decision.updatedInput
    ? { behavior: "allow", updatedInput: decision.updatedInput, decisionReason }
    : { behavior: "allow", decisionReason };
}
