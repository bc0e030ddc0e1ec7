/** An answer to an MCP server's request for input (the MCP ElicitResult's fields). */
export interface ElicitationAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/** Something about a hook the user should see (never sent to the model). */
export interface HookNotice {
  kind:
    | "non_blocking_error"
    | "timed_out"
    | "failed_to_run"
    | "invalid_output"
    | "blocking_error"
    | "system_message"
    /** A field keel accepts but does not apply (said once a session). */
    | "no_effect";
  /** `PreToolUse:Bash`, `Stop`, … */
  hookName: string;
  command: string;
  message: string;
}

/** A permission verdict from a PreToolUse hook. */
export interface HookPermission {
  behavior: "allow" | "deny" | "ask";
  reason?: string;
}

/** What one hook's run meant for its event. */
export interface HookResult {
  hookName: string;
  command: string;
  /** Exit 2 or `decision: "block"`: feedback for whoever the event sends it to. */
  blocking?: string;
  permission?: HookPermission;
  updatedInput?: Record<string, unknown>;
  additionalContext: string[];
  /** `continue: false`, with its stopReason ("" when none). */
  preventContinuation?: string;
  /** Elicitation / ElicitationResult: the answer a hook gave the MCP server. */
  elicitation?: ElicitationAnswer;
  /** MessageDisplay: what to show in place of the delta. */
  displayContent?: string;
  /** PostToolUse: the output the model sees instead (null is a value, hence the box). */
  updatedToolOutput?: { value: unknown };
  updatedMCPToolOutput?: { value: unknown };
  /** PostToolUse: host context for the auto mode's classifier about this call's result. */
  classifierContext?: string;
  /** PermissionRequest: an allow's permission updates (the SDK's PermissionUpdate, unread). */
  updatedPermissions?: unknown[];
  /** PermissionRequest: a deny that stops the turn too. */
  interrupt?: true;
  /** PermissionDenied: the model may try the call again. */
  retry?: true;
  /** WorktreeCreate: the folder the hook made (plain stdout, or hookSpecificOutput.worktreePath). */
  worktreePath?: string;
  /** SessionStart / UserPromptSubmit: the title the hook gives the session. */
  sessionTitle?: string;
  /** SessionStart / CwdChanged / FileChanged: files the hook asks FileChanged hooks to watch. */
  watchPaths?: string[];
  /** SessionStart: read the skill folders again once the hooks are done (a hook installed one). */
  reloadSkills?: true;
  notices: HookNotice[];
}

/** A result that says nothing yet. */
export function emptyResult(hookName: string, command: string): HookResult {
  return { hookName, command, additionalContext: [], notices: [] };
}

const NOTICE_LABEL: Record<HookNotice["kind"], string> = {
  non_blocking_error: "error",
  timed_out: "error",
  failed_to_run: "error",
  invalid_output: "error",
  blocking_error: "blocking error",
  system_message: "message",
  no_effect: "output",
};

/** One line for the user: `Stop hook error: [./check.sh] timed out after 60 s and was stopped`. */
export function formatHookNotice(notice: HookNotice): string {
  return `${notice.hookName} hook ${NOTICE_LABEL[notice.kind]}: [${notice.command}] ${notice.message}`;
}
