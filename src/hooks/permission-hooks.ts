import type { HookEngine } from "./engine.js";

/** What PermissionRequest hooks answered in place of the dialog; undefined: none decided. */
export type PermissionRequestAnswer =
  | { behavior: "allow"; updatedInput?: Record<string, unknown>; updatedPermissions?: unknown[] }
  | { behavior: "deny"; message: string; interrupt?: true }
  | undefined;

/** A call that would ask, as PermissionRequest hooks see it. */
export interface PermissionRequestCall {
  toolName: string;
  input: Record<string, unknown>;
  /** What would let it through, as the SDK's PermissionUpdate list. */
  suggestions: readonly unknown[];
  agentId?: string;
  agentType?: string;
  signal?: AbortSignal;
}

/**
 * Runs PermissionRequest hooks when a permission dialog would show (or, headless, when no one
 * could be asked): a hook's `decision` allow/deny (or exit 2, a deny) answers for the person,
 * with the allows' permission updates, or whether a deny stops the turn.
 */
export async function permissionRequest(
  engine: HookEngine,
  call: PermissionRequestCall,
): Promise<PermissionRequestAnswer> {
  const input = {
    tool_name: call.toolName,
    tool_input: call.input,
    permission_suggestions: [...call.suggestions],
    ...(call.agentId === undefined
      ? {}
      : { agent_id: call.agentId, agent_type: call.agentType ?? "" }),
  };
  if (!engine.hasHooks("PermissionRequest", input)) return undefined;
  const outcome = await engine.run("PermissionRequest", input, call.signal);
  const verdict = outcome.permission;
  if (verdict?.behavior === "deny") {
    const message = verdict.reason ?? "Denied by a PermissionRequest hook";
    const interrupt = outcome.results.some((r) => r.interrupt);
    return interrupt ? { behavior: "deny", message, interrupt } : { behavior: "deny", message };
  }
  if (verdict?.behavior !== "allow") return undefined;
  const updatedPermissions = outcome.results.flatMap((r) => r.updatedPermissions ?? []);
  return {
    behavior: "allow",
    ...(outcome.updatedInput ? { updatedInput: outcome.updatedInput } : {}),
    ...(updatedPermissions.length > 0 ? { updatedPermissions } : {}),
  };
}
