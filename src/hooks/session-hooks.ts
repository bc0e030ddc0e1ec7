import type { HookEngine } from "./engine.js";
import type { HookEventFields, SessionEndReason, SessionStartSource } from "./hook-input.js";
import type { ElicitationAnswer, HookNotice } from "./hook-result.js";
import type { HookRunOutcome } from "./merge-results.js";
import { HOOK_OUTPUT_CHARS } from "./run-command-hook.js";

/** What UserPromptSubmit hooks decided about a prompt. */
export interface UserPromptSubmitResult {
  /** Exit 2 or decision "block": the prompt is dropped; the hooks' feedback for the user. */
  blocked?: string;
  /** `continue: false`: the prompt is kept but no query runs; the stopReason. */
  stopped?: string;
  /** Context for the model, to send with the prompt (each capped at 10,000 characters). */
  additionalContext: string[];
  /** The session's new title, when a hook gave one. */
  sessionTitle?: string;
}

/** Runs UserPromptSubmit hooks before a prompt is sent. */
export async function userPromptSubmit(
  engine: HookEngine,
  prompt: string,
  signal?: AbortSignal,
): Promise<UserPromptSubmitResult> {
  const outcome = await engine.run("UserPromptSubmit", { prompt }, signal);
  const result: UserPromptSubmitResult = {
    additionalContext: outcome.additionalContext.map((c) => c.content.slice(0, HOOK_OUTPUT_CHARS)),
  };
  if (outcome.blockingErrors.length > 0) {
    result.blocked = outcome.blockingErrors.map((e) => e.message).join("\n");
  }
  if (outcome.preventContinuation) result.stopped = outcome.preventContinuation.reason;
  if (outcome.sessionTitle !== undefined) result.sessionTitle = outcome.sessionTitle;
  return result;
}

/**
 * Runs PreSkillShellCommand hooks before a skill's or command's !`command` runs. Only silence
 * or allow lets it run: a deny, ask or defer, any updatedInput (never applied), exit 2 or
 * `continue: false` keeps it from running. Returns why, or undefined.
 */
export async function preSkillShellCommand(
  engine: HookEngine,
  input: HookEventFields["PreSkillShellCommand"],
  signal?: AbortSignal,
): Promise<string | undefined> {
  const outcome = await engine.run("PreSkillShellCommand", input, signal);
  const why = stopReasons(outcome);
  const permission = outcome.permission;
  if (permission && permission.behavior !== "allow") {
    why.push(permission.reason ?? `a hook answered ${permission.behavior}`);
  }
  if (outcome.updatedInput) why.push("a hook changed the command, which is never applied");
  return why.length === 0 ? undefined : why.join("\n");
}

/** Why hooks stopped what they were asked about: each exit 2, then a `continue: false`. */
function stopReasons(outcome: HookRunOutcome): string[] {
  const why = outcome.blockingErrors.map((e) => e.message);
  if (outcome.preventContinuation) why.push(outcome.preventContinuation.reason);
  return why;
}

/**
 * Runs UserPromptExpansion hooks once a command the person typed is expanded: exit 2 or
 * decision "block" (or `continue: false`) stops the expansion; returns why, or undefined.
 */
export async function userPromptExpansion(
  engine: HookEngine,
  input: HookEventFields["UserPromptExpansion"],
  signal?: AbortSignal,
): Promise<string | undefined> {
  const blocked = stopReasons(await engine.run("UserPromptExpansion", input, signal));
  return blocked.length === 0 ? undefined : blocked.join("\n");
}

/**
 * Runs Elicitation hooks as an MCP server asks for input: a hook's `action` (with `content`)
 * answers for the person; exit 2 or decision "block" declines. Undefined: no hook answered.
 */
export async function elicitation(
  engine: HookEngine,
  input: HookEventFields["Elicitation"],
  signal?: AbortSignal,
): Promise<ElicitationAnswer | undefined> {
  const outcome = await engine.run("Elicitation", input, signal);
  if (outcome.blockingErrors.length > 0) return { action: "decline" };
  return outcome.elicitation;
}

/**
 * Runs ElicitationResult hooks once the answer is known, before it is sent: a hook's `action`
 * (and `content`) replaces it; exit 2 or decision "block" turns it into a decline.
 */
export async function elicitationResult(
  engine: HookEngine,
  input: HookEventFields["ElicitationResult"],
  signal?: AbortSignal,
): Promise<ElicitationAnswer> {
  const outcome = await engine.run("ElicitationResult", input, signal);
  if (outcome.blockingErrors.length > 0) return { action: "decline" };
  const { action, content } = outcome.elicitation ?? input;
  return content === undefined ? { action } : { action, content };
}

/** Runs MessageDisplay hooks for one flush of a displayed message: the text to show instead. */
export async function messageDisplay(
  engine: HookEngine,
  input: HookEventFields["MessageDisplay"],
): Promise<string | undefined> {
  return (await engine.run("MessageDisplay", input)).displayContent;
}

/**
 * Runs ConfigChange hooks as a settings file changed during the session: exit 2 or decision
 * "block" keeps the session's settings as they were; returns why, or undefined to reload.
 */
export async function configChange(
  engine: HookEngine,
  input: HookEventFields["ConfigChange"],
): Promise<string | undefined> {
  const outcome = await engine.run("ConfigChange", input);
  const blocked = outcome.blockingErrors.map((e) => e.message);
  return blocked.length === 0 ? undefined : blocked.join("\n");
}

/** Runs DirectoryAdded hooks once a working folder was added mid-session (side effects only). */
export async function directoryAdded(
  engine: HookEngine,
  input: HookEventFields["DirectoryAdded"],
): Promise<void> {
  await engine.run("DirectoryAdded", input);
}

/** Runs FileChanged hooks for a watched file that changed: the files they ask to watch too. */
export async function fileChanged(
  engine: HookEngine,
  input: HookEventFields["FileChanged"],
): Promise<string[]> {
  return (await engine.run("FileChanged", input)).watchPaths;
}

/** The warning the user sees when a hook blocked their prompt (Claude Code's wording). */
export function describeBlockedPrompt(blocked: string, prompt: string): string {
  return `UserPromptSubmit operation blocked by hook:\n${blocked}\n\nOriginal prompt: ${prompt}`;
}

/** What SessionStart hooks said. */
export interface SessionStartResult {
  /** Context for the model (plain stdout or additionalContext). */
  additionalContext: string[];
  /** The session's new title, when a hook gave one. */
  sessionTitle?: string;
  /** Files for FileChanged hooks to watch, besides those their matchers name. */
  watchPaths: string[];
  /** A hook asked for the skill folders to be read again (it installed a skill). */
  reloadSkills?: true;
}

/** Runs SessionStart hooks. */
export async function sessionStart(
  engine: HookEngine,
  source: SessionStartSource,
  options: { model?: string; signal?: AbortSignal } = {},
): Promise<SessionStartResult> {
  const input = options.model === undefined ? { source } : { source, model: options.model };
  const outcome = await engine.run("SessionStart", input, options.signal);
  return {
    additionalContext: outcome.additionalContext.map((c) => c.content),
    ...(outcome.sessionTitle === undefined ? {} : { sessionTitle: outcome.sessionTitle }),
    watchPaths: outcome.watchPaths,
    ...(outcome.reloadSkills ? { reloadSkills: true } : {}),
  };
}

/** What Setup hooks said: context for the model, and blocking errors (the user's only). */
export interface SetupResult {
  additionalContext: string[];
  blocked: HookNotice[];
}

/**
 * Runs Setup hooks (`--init`, `--init-only`, `--maintenance`): their additionalContext is for
 * the model; exit 2 or decision "block" stops nothing and is shown to the user.
 */
export async function setup(
  engine: HookEngine,
  trigger: HookEventFields["Setup"]["trigger"],
  signal?: AbortSignal,
): Promise<SetupResult> {
  const outcome = await engine.run("Setup", { trigger }, signal);
  return {
    additionalContext: outcome.additionalContext.map((c) => c.content.slice(0, HOOK_OUTPUT_CHARS)),
    blocked: outcome.blockingErrors.map((error) => ({ kind: "blocking_error", ...error })),
  };
}

/** Runs SessionEnd hooks (side effects only; failures are reported). */
export async function sessionEnd(
  engine: HookEngine,
  reason: SessionEndReason,
  signal?: AbortSignal,
): Promise<void> {
  await engine.run("SessionEnd", { reason }, signal);
}

/** Runs PreCompact hooks; exit 2 or decision "block" stops the compaction. */
export async function preCompact(
  engine: HookEngine,
  trigger: "manual" | "auto",
  customInstructions: string | null,
  signal?: AbortSignal,
): Promise<{ blocked?: string }> {
  const input = { trigger, custom_instructions: customInstructions };
  const outcome = await engine.run("PreCompact", input, signal);
  if (outcome.blockingErrors.length === 0) return {};
  return { blocked: outcome.blockingErrors.map((e) => e.message).join("\n") };
}

/** Runs PostCompact hooks after a compaction (side effects only; failures are reported). */
export async function postCompact(
  engine: HookEngine,
  trigger: "manual" | "auto",
  summary: string,
  signal?: AbortSignal,
): Promise<void> {
  await engine.run("PostCompact", { trigger, compact_summary: summary }, signal);
}

/** Runs Notification hooks (side effects only; failures are reported). */
export async function notification(
  engine: HookEngine,
  input: HookEventFields["Notification"],
  signal?: AbortSignal,
): Promise<void> {
  await engine.run("Notification", input, signal);
}

/** Runs PermissionDenied hooks when the auto mode's classifier denies a call: retry if any says so. */
export async function permissionDenied(
  engine: HookEngine,
  input: HookEventFields["PermissionDenied"],
  signal?: AbortSignal,
): Promise<{ retry: boolean }> {
  const outcome = await engine.run("PermissionDenied", input, signal);
  return { retry: outcome.results.some((r) => r.retry) };
}

/** Runs SubagentStart hooks as a subagent starts; their additionalContext is for the subagent. */
export async function subagentStart(
  engine: HookEngine,
  agent: { agentId: string; agentType: string },
  signal?: AbortSignal,
): Promise<string[]> {
  const input = { agent_id: agent.agentId, agent_type: agent.agentType };
  const outcome = await engine.run("SubagentStart", input, signal);
  return outcome.additionalContext.map((c) => c.content.slice(0, HOOK_OUTPUT_CHARS));
}

/** A memory file as InstructionsLoaded hooks are told of it. */
export interface LoadedInstructions {
  path: string;
  scope: "user" | "project" | "local";
}

const MEMORY_TYPE = { user: "User", project: "Project", local: "Local" } as const;

/**
 * Runs InstructionsLoaded hooks for each memory file loaded at session start (load_reason
 * `session_start`; conditional rules load later, with nested memory), one after the other in
 * load order. Side effects only.
 */
export async function instructionsLoaded(
  engine: HookEngine,
  files: readonly LoadedInstructions[],
  signal?: AbortSignal,
): Promise<void> {
  for (const file of files) {
    const input = {
      file_path: file.path,
      memory_type: MEMORY_TYPE[file.scope],
      load_reason: "session_start" as const,
    };
    await engine.run("InstructionsLoaded", input, signal);
  }
}

/** A model switch as Pre/PostModelSwitch hooks see it. */
export type ModelSwitch = HookEventFields["PreModelSwitch"];

/**
 * Runs PreModelSwitch hooks before a switch: a deny (or exit 2) cancels it, and so does an
 * ask where no one can confirm (`headless`); returns why, or undefined to go on.
 */
export async function preModelSwitch(
  engine: HookEngine,
  change: ModelSwitch,
  headless: boolean,
): Promise<string | undefined> {
  const outcome = await engine.run("PreModelSwitch", change);
  const verdict = outcome.permission;
  const reason = verdict?.reason ?? "a PreModelSwitch hook";
  if (verdict?.behavior === "deny") return `the model switch was denied by ${reason}`;
  if (verdict?.behavior === "ask" && headless) {
    return `the model switch needs confirming (${reason}), and no one can confirm it here`;
  }
  return undefined;
}

/** Runs PostModelSwitch hooks after a switch (side effects only). */
export async function postModelSwitch(
  engine: HookEngine,
  change: HookEventFields["PostModelSwitch"],
): Promise<void> {
  await engine.run("PostModelSwitch", change);
}
