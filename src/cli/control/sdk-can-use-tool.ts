import { z } from "zod";
import type { PermissionEngine } from "../../policy/engine.js";
import { decideCall, settledResult } from "../../policy/settled.js";
import type { CanUseTool, PermissionMode, PermissionResult } from "../../tools/context.js";
import type { ControlChannel } from "./channel.js";
import {
  applyPermissionUpdates,
  permissionUpdate,
  suggestionsForSdk,
} from "./permission-updates.js";

const sdkPermissionResult = z.discriminatedUnion("behavior", [
  z.object({
    behavior: z.literal("allow"),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedPermissions: z.array(permissionUpdate).optional(),
  }),
  z.object({
    behavior: z.literal("deny"),
    message: z.string(),
    interrupt: z.boolean().optional(),
  }),
]);

/** The tool_result text of a call the user stopped (Claude Code's words). */
export const REJECTED_MESSAGE =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** What the SDK's permission prompt needs besides the channel. */
interface SdkPermissionDeps {
  channel: ControlChannel;
  setMode: (mode: PermissionMode) => void;
  warn: (text: string) => void;
}

/**
 * canUseTool under `--permission-prompt-tool stdio`: the permission engine decides first;
 * only what it would ask a person becomes a can_use_tool request to the SDK, whose answer
 * (allow with a rewritten input and permission updates, deny, deny + interrupt) is applied.
 */
export function createSdkCanUseTool(
  deps: SdkPermissionDeps,
): (engine: PermissionEngine) => CanUseTool {
  return (engine) => async (tool, input, context, _assistant, toolUseId, hookVerdict) => {
    const decision = await decideCall(engine, tool, input, context, hookVerdict, toolUseId);
    if (decision.behavior !== "ask") return settledResult(decision);
    let answer: Record<string, unknown>;
    try {
      answer = await deps.channel.request(
        {
          subtype: "can_use_tool",
          tool_name: tool.name,
          display_name: tool.name,
          input,
          permission_suggestions: suggestionsForSdk(decision.suggestions),
          tool_use_id: toolUseId,
          decision_reason: decision.message,
          // A subagent's or teammate's call names it (a teammate as name@team): the SDK's agentID.
          ...(context.agentId === undefined ? {} : { agent_id: context.agentId }),
        },
        context.abortController.signal,
      );
    } catch (error) {
      if (context.abortController.signal.aborted) {
        return { behavior: "deny", message: REJECTED_MESSAGE, interrupt: true };
      }
      const why = error instanceof Error ? error.message : String(error);
      return { behavior: "deny", message: `Tool permission request failed: Error: ${why}` };
    }
    return readAnswer(answer, engine, deps);
  };
}

function readAnswer(
  answer: Record<string, unknown>,
  engine: PermissionEngine,
  deps: SdkPermissionDeps,
): PermissionResult {
  const parsed = sdkPermissionResult.safeParse(answer);
  if (!parsed.success) {
    return {
      behavior: "deny",
      message: `Tool permission request failed: the answer is not a PermissionResult (${parsed.error.issues[0]?.message})`,
    };
  }
  const result = parsed.data;
  if (result.behavior === "deny") {
    return result.interrupt
      ? { behavior: "deny", message: result.message, interrupt: true }
      : { behavior: "deny", message: result.message };
  }
  applyPermissionUpdates(result.updatedPermissions ?? [], {
    engine,
    setMode: deps.setMode,
    warn: deps.warn,
  });
  const decisionReason = { type: "user", reason: "The Agent SDK host allowed it." } as const;
  return result.updatedInput
    ? { behavior: "allow", updatedInput: result.updatedInput, decisionReason }
    : { behavior: "allow", decisionReason };
}
