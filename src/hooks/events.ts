/** The hook events keel runs (Claude Code's core set). */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
] as const;

/** One hook event keel runs. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Claude Code events keel knows by name but does not run: configuring them earns a warning. */
export const UNSUPPORTED_HOOK_EVENTS: ReadonlySet<string> = new Set([
  "PostToolUseFailure",
  "PostToolBatch",
  "PermissionRequest",
  "PermissionDenied",
  "StopFailure",
  "SubagentStart",
  "PostCompact",
  "Setup",
  "UserPromptExpansion",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
]);

/** True for the names of the events keel runs. */
export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}
