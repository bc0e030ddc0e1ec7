import type { PermissionMode } from "../tools/context.js";

/**
 * The mode a session starts in. A resumed conversation that was planning goes on planning,
 * with its plan file (as Claude Code does since 2.1.132), unless `--permission-mode` names
 * another mode. Only plan mode comes back this way: it only narrows what may run, while a
 * mode that widens it (acceptEdits, auto, bypassPermissions) must be chosen at each start.
 */
export function startingMode(
  configured: PermissionMode,
  resumed: { flagGiven: boolean; recorded?: PermissionMode | undefined },
): PermissionMode {
  if (resumed.recorded === "plan" && !resumed.flagGiven) return "plan";
  return configured;
}
