import type { HookEvent } from "./events.js";
import { emptyResult, type HookNotice, type HookResult } from "./hook-result.js";
import { noEffectFields } from "./no-effect-fields.js";
import { type HookOutput, parseHookStdout } from "./output-schema.js";
import type { CommandHookResult } from "./run-command-hook.js";

/** Events whose plain stdout on exit 0 becomes context for the model. */
const STDOUT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);

/** Events where blocking (exit 2, decision "block") only tells the user. */
const BLOCKING_TO_USER: ReadonlySet<HookEvent> = new Set([
  "SessionStart",
  "SessionEnd",
  "Notification",
]);

/** Events whose `watchPaths` add files for FileChanged hooks to watch. */
const WATCH_PATHS_EVENTS: ReadonlySet<HookEvent> = new Set([
  "SessionStart",
  "CwdChanged",
  "FileChanged",
]);

/**
 * What one command hook's ending means for `event`: exit 0 reads stdout (JSON when it starts
 * with `{`, plain text otherwise), exit 2 blocks with stderr, anything else is a non-blocking
 * error for the user. Pure.
 */
export function interpretHook(
  event: HookEvent,
  hookName: string,
  command: string,
  ended: CommandHookResult,
): HookResult {
  const result = emptyResult(hookName, command);
  const notice = (kind: HookNotice["kind"], message: string) =>
    result.notices.push({ kind, hookName, command, message });
  switch (ended.kind) {
    case "aborted":
      return result;
    case "spawn_failed":
      notice("failed_to_run", `Failed to run: ${ended.message}`);
      return result;
    case "timed_out":
      notice("timed_out", `timed out after ${ended.timeoutMs / 1000} s and was stopped`);
      return result;
  }
  if (ended.exitCode === 2) {
    block(event, result, `[${command}]: ${ended.stderr.trim() || "No stderr output"}`);
    return result;
  }
  // Any failure of a WorktreeCreate hook stops the worktree (Claude Code: "any non-zero aborts").
  if (ended.exitCode !== 0 && event === "WorktreeCreate") {
    block(event, result, `[${command}]: ${ended.stderr.trim() || `exit code ${ended.exitCode}`}`);
    return result;
  }
  if (ended.exitCode !== 0) {
    const status = ended.exitCode ?? `signal ${ended.exitSignal}`;
    const line = ended.stderr.trim().split("\n")[0] ?? "";
    const text = `Failed with non-blocking status code ${status}`;
    notice("non_blocking_error", line === "" ? text : `${text}: ${line}`);
    return result;
  }
  const stdout = parseHookStdout(ended.stdout);
  if (stdout.kind === "invalid") notice("invalid_output", stdout.message);
  else if (stdout.kind === "json") applyOutput(event, result, stdout.output);
  else if (stdout.text !== "" && event === "WorktreeCreate") result.worktreePath = stdout.text;
  else if (stdout.text !== "" && STDOUT_IS_CONTEXT.has(event)) {
    result.additionalContext.push(stdout.text);
  }
  return result;
}

/** Blocking feedback: to the model (or the event's caller), or only to the user. */
function block(event: HookEvent, result: HookResult, text: string): void {
  if (event === "PreToolUse" || event === "PermissionRequest" || event === "PreModelSwitch") {
    result.permission = { behavior: "deny", reason: text };
  } else if (BLOCKING_TO_USER.has(event)) {
    const { hookName, command } = result;
    result.notices.push({ kind: "blocking_error", hookName, command, message: text });
  } else result.blocking = text;
}

/** Honours a hook's JSON output (exit 0 only). */
function applyOutput(event: HookEvent, result: HookResult, output: HookOutput): void {
  const { hookName, command } = result;
  const specific = output.hookSpecificOutput;
  // Claude Code rejects the whole output (an error, none of its fields applied).
  if (specific !== undefined && specific.hookEventName !== event) {
    const message = `hookSpecificOutput.hookEventName is "${specific.hookEventName}", expected "${event}"`;
    result.notices.push({ kind: "invalid_output", hookName, command, message });
    return;
  }
  if (output.continue === false) result.preventContinuation = output.stopReason ?? "";
  if (output.systemMessage !== undefined) {
    result.notices.push({
      kind: "system_message",
      hookName,
      command,
      message: output.systemMessage,
    });
  }
  if (output.decision === "approve" && event === "PreToolUse") {
    result.permission = withReason("allow", output.reason);
  }
  if (output.decision === "block") block(event, result, output.reason ?? "Blocked by hook");
  for (const message of noEffectFields(event, output)) {
    result.notices.push({ kind: "no_effect", hookName, command, message });
  }
  if (specific === undefined) return;
  if (specific.additionalContext) result.additionalContext.push(specific.additionalContext);
  if ((event === "Elicitation" || event === "ElicitationResult") && specific.action) {
    const { action, content } = specific;
    result.elicitation = content === undefined ? { action } : { action, content };
  }
  if (event === "MessageDisplay" && specific.displayContent !== undefined) {
    result.displayContent = specific.displayContent;
  }
  if ((event === "SessionStart" || event === "UserPromptSubmit") && specific.sessionTitle) {
    result.sessionTitle = specific.sessionTitle;
  }
  if (WATCH_PATHS_EVENTS.has(event) && specific.watchPaths) result.watchPaths = specific.watchPaths;
  if (event === "SessionStart" && specific.reloadSkills === true) result.reloadSkills = true;
  if (event === "PostToolUse" && "updatedToolOutput" in specific) {
    result.updatedToolOutput = { value: specific.updatedToolOutput };
  }
  if (event === "PostToolUse" && specific.classifierContext) {
    result.classifierContext = specific.classifierContext;
  }
  if (event === "PostToolUse" && "updatedMCPToolOutput" in specific) {
    result.updatedMCPToolOutput = { value: specific.updatedMCPToolOutput };
  }
  if (event === "WorktreeCreate" && specific.worktreePath) {
    result.worktreePath = specific.worktreePath;
  }
  if (event === "PermissionDenied" && specific.retry === true) result.retry = true;
  if (event === "PermissionRequest" && specific.decision) {
    const { behavior, message, updatedInput, updatedPermissions, interrupt } = specific.decision;
    result.permission = withReason(behavior, message);
    if (updatedInput) result.updatedInput = updatedInput;
    if (behavior === "allow" && updatedPermissions) result.updatedPermissions = updatedPermissions;
    if (behavior === "deny" && interrupt) result.interrupt = true;
  }
  if (event === "PreSkillShellCommand") {
    // Nothing but allow lets the command run: defer keeps it from running as ask does.
    const decision = specific.permissionDecision;
    if (decision) {
      const behavior = decision === "defer" ? "ask" : decision;
      result.permission = withReason(behavior, specific.permissionDecisionReason);
    }
    if (specific.updatedInput) result.updatedInput = specific.updatedInput;
    return;
  }
  if (event !== "PreToolUse" && event !== "PreModelSwitch") return;
  // `defer` leaves the call to the usual permission flow.
  if (specific.permissionDecision && specific.permissionDecision !== "defer") {
    result.permission = withReason(specific.permissionDecision, specific.permissionDecisionReason);
  }
  if (specific.updatedInput) result.updatedInput = specific.updatedInput;
}

function withReason(
  behavior: "allow" | "deny" | "ask",
  reason: string | undefined,
): HookResult["permission"] {
  return reason === undefined ? { behavior } : { behavior, reason };
}
