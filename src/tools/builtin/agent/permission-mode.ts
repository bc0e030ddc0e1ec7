import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { PermissionMode, ToolUseContext } from "../../context.js";

/** Modes by how much they let through without a person: a mode may only give way to a lower one. */
const LATITUDE: Record<PermissionMode, number> = {
  dontAsk: 0,
  plan: 1,
  default: 2,
  acceptEdits: 3,
  auto: 4,
  bypassPermissions: 5,
};

/** Session modes an agent's own permissionMode never replaces (Claude Code's rule). */
const KEPT: ReadonlySet<PermissionMode> = new Set(["bypassPermissions", "acceptEdits", "auto"]);

/**
 * The mode an agent's tools run in: its definition's `permissionMode`, unless the session is
 * in acceptEdits, auto or bypassPermissions (those stay, as in Claude Code), and a project's
 * agent file from a folder the person did not trust may only narrow the session's mode.
 */
export function agentPermissionMode(
  sessionMode: PermissionMode,
  definition: Pick<AgentDefinition, "permissionMode" | "source">,
  projectTrusted: boolean,
): PermissionMode {
  const asked = definition.permissionMode;
  if (asked === undefined || KEPT.has(sessionMode)) return sessionMode;
  const widens = LATITUDE[asked] > LATITUDE[sessionMode];
  if (widens && definition.source.kind === "project" && !projectTrusted) return sessionMode;
  return asked;
}

/** The parent's context as an agent with its own mode sees it (the session's state otherwise). */
export function withAgentMode(
  parent: ToolUseContext,
  definition: Pick<AgentDefinition, "permissionMode" | "source">,
  projectTrusted: boolean,
): ToolUseContext {
  if (definition.permissionMode === undefined) return parent;
  return {
    ...parent,
    getAppState: () => {
      const state = parent.getAppState();
      const mode = agentPermissionMode(state.permissionMode, definition, projectTrusted);
      return mode === state.permissionMode ? state : { ...state, permissionMode: mode };
    },
  };
}
