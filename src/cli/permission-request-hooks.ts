import type { PermissionRequestAnswer, PermissionRequestCall } from "../hooks/permission-hooks.js";
import type { PermissionEngine } from "../policy/engine.js";
import {
  applyPermissionUpdates,
  type PermissionTargets,
  type PermissionUpdate,
  permissionUpdate,
  suggestionsForSdk,
} from "./control/permission-updates.js";

/** Asks PermissionRequest hooks about a call that would ask. */
export type AskPermissionHooks = (call: PermissionRequestCall) => Promise<PermissionRequestAnswer>;

/**
 * The permission engine with PermissionRequest hooks where it would ask: a hook's allow or
 * deny settles the call before any dialog, SDK prompt or headless denial; with no answer
 * the call asks as before. Deny rules were weighed before (they never ask); a safety check's
 * ask is the person's to answer, and a hook the person configured may answer it, as in Claude
 * Code. An allow's permission updates apply as an SDK host's do (`targets`); a deny's
 * interrupt stops the turn.
 */
export function withPermissionRequestHooks(
  engine: PermissionEngine,
  ask: AskPermissionHooks,
  targets: Omit<PermissionTargets, "engine">,
): PermissionEngine {
  const decide: PermissionEngine["decide"] = async (tool, input, context, options) => {
    const decision = await engine.decide(tool, input, context, options);
    if (decision.behavior !== "ask") return decision;
    const answer = await ask({
      toolName: tool.name,
      input,
      suggestions: suggestionsForSdk(decision.suggestions),
      ...(context.agentId === undefined ? {} : { agentId: context.agentId }),
      ...(context.agentType === undefined ? {} : { agentType: context.agentType }),
      signal: context.abortController.signal,
    });
    if (answer === undefined) return decision;
    const reason = { type: "hook" as const, reason: "PermissionRequest" };
    if (answer.behavior === "deny") {
      const denial = { behavior: "deny" as const, reason, message: answer.message };
      return answer.interrupt ? { ...denial, interrupt: true } : denial;
    }
    const updates = readUpdates(answer.updatedPermissions ?? [], targets.warn);
    applyPermissionUpdates(updates, { ...targets, engine });
    return {
      behavior: "allow",
      reason,
      message: "Allowed by a PermissionRequest hook",
      ...(answer.updatedInput ? { updatedInput: answer.updatedInput } : {}),
    };
  };
  // The engine itself stays the prototype, so its live getters (readDenial) keep following it.
  return Object.assign(Object.create(engine) as PermissionEngine, { decide });
}

/** A hook's updatedPermissions, each read as the SDK's PermissionUpdate; others are named. */
function readUpdates(values: readonly unknown[], warn: (text: string) => void): PermissionUpdate[] {
  return values.flatMap((value) => {
    const parsed = permissionUpdate.safeParse(value);
    if (parsed.success) return [parsed.data];
    warn(`PermissionRequest hook: updatedPermissions entry not applied: ${JSON.stringify(value)}`);
    return [];
  });
}
