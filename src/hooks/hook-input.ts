import type { PermissionMode } from "../tools/context.js";
import type { HookEvent } from "./events.js";

/** Why a session started (SessionStart's matcher value). */
export type SessionStartSource = "startup" | "resume" | "clear" | "compact";

/** Why a session ended (SessionEnd's matcher value; the SDK's ExitReason). */
export type SessionEndReason =
  | "clear"
  | "resume"
  | "logout"
  | "prompt_input_exit"
  | "bypass_permissions_disabled"
  | "other";

/** One call of a PostToolBatch. */
export interface ToolBatchCall {
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  tool_response?: unknown;
}

interface ToolFields {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
}

interface ModelSwitchFields {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: "5m" | "1h";
  estimated_cache_write_usd: number;
  pricing: "configured" | "catalog" | "default";
}

interface TaskFields {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
}

/** The event-specific stdin fields each event's hooks get (the SDK's `*HookInput` names). */
export interface HookEventFields {
  PreToolUse: ToolFields;
  PostToolUse: ToolFields & { tool_response: unknown; duration_ms?: number };
  PostToolUseFailure: ToolFields & { error: string; is_interrupt?: boolean; duration_ms?: number };
  PostToolBatch: { tool_calls: ToolBatchCall[] };
  Notification: { message: string; title?: string; notification_type: string };
  UserPromptSubmit: { prompt: string; source?: "user" | "sdk" | "system" };
  UserPromptExpansion: {
    expansion_type: "slash_command" | "mcp_prompt";
    command_name: string;
    command_args: string;
    command_source?: string;
    prompt: string;
  };
  SessionStart: { source: SessionStartSource; model?: string };
  SessionEnd: { reason: SessionEndReason };
  Stop: { stop_hook_active: boolean; last_assistant_message?: string };
  StopFailure: { error: string; error_details?: string; last_assistant_message?: string };
  SubagentStart: { agent_id: string; agent_type: string };
  SubagentStop: {
    stop_hook_active: boolean;
    agent_id: string;
    agent_type: string;
    agent_transcript_path?: string;
    last_assistant_message?: string;
  };
  PreCompact: { trigger: "manual" | "auto"; custom_instructions: string | null };
  PostCompact: { trigger: "manual" | "auto"; compact_summary: string };
  PreModelSwitch: ModelSwitchFields & { source: "command" | "picker" | "sdk" };
  PostModelSwitch: ModelSwitchFields & {
    source: "command" | "picker" | "sdk" | "auto" | "resume";
  };
  PermissionRequest: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    permission_suggestions?: unknown[];
  };
  PermissionDenied: ToolFields & { reason: string };
  Setup: { trigger: "init" | "maintenance" };
  TeammateIdle: { teammate_name: string; team_name: string };
  TaskCreated: TaskFields;
  TaskCompleted: TaskFields;
  Elicitation: {
    mcp_server_name: string;
    message: string;
    mode?: "form" | "url";
    url?: string;
    elicitation_id?: string;
    requested_schema?: Record<string, unknown>;
  };
  ElicitationResult: {
    mcp_server_name: string;
    elicitation_id?: string;
    mode?: "form" | "url";
    action: "accept" | "decline" | "cancel";
    content?: Record<string, unknown>;
  };
  ConfigChange: {
    source: "user_settings" | "project_settings" | "local_settings" | "policy_settings" | "skills";
    file_path?: string;
  };
  WorktreeCreate: { name: string };
  WorktreeRemove: { worktree_path: string };
  InstructionsLoaded: {
    file_path: string;
    memory_type: "User" | "Project" | "Local" | "Managed";
    load_reason: "session_start" | "nested_traversal" | "path_glob_match" | "include" | "compact";
    globs?: string[];
    trigger_file_path?: string;
    parent_file_path?: string;
  };
  CwdChanged: { old_cwd: string; new_cwd: string };
  FileChanged: { file_path: string; event: "change" | "add" | "unlink" };
  DirectoryAdded: { directory: string; source: "slash_command" | "register_repo_root" };
  MessageDisplay: {
    turn_id: string;
    message_id: string;
    index: number;
    final: boolean;
    delta: string;
  };
  PreSkillShellCommand: ToolFields & {
    command_name: string;
    command_source?: string;
    invoked_by: "user" | "claude" | "other";
  };
}

/** Fields present inside a subagent (or with --agent). */
export interface AgentFields {
  agent_id?: string;
  agent_type?: string;
}

/** What a caller passes to `run` for one event. */
export type HookEventInput<E extends HookEvent> = HookEventFields[E] & AgentFields;

/** The fields every event's stdin carries. */
export interface CommonHookFields {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode: PermissionMode;
  hook_event_name: HookEvent;
}

/** The whole stdin JSON object of one event. */
export type HookStdin<E extends HookEvent> = CommonHookFields & HookEventInput<E>;

/** Builds one event's stdin object: the common fields, then the event's own. */
export function buildHookStdin<E extends HookEvent>(
  event: E,
  common: Omit<CommonHookFields, "hook_event_name">,
  input: HookEventInput<E>,
): HookStdin<E> {
  return { ...common, hook_event_name: event, ...input };
}

/**
 * The value an event's matchers are tested against; undefined for events that ignore
 * matchers (every hook of UserPromptSubmit and Stop runs).
 */
export function matchQuery<E extends HookEvent>(
  event: E,
  input: HookEventInput<E>,
): string | undefined {
  const key = MATCH_FIELD[event];
  const value: unknown = key === undefined ? undefined : Reflect.get(input, key);
  return typeof value === "string" ? value : undefined;
}

/** Whether an event's hooks take a matcher (some field of its input is what they test). */
export function takesMatcher(event: HookEvent): boolean {
  return MATCH_FIELD[event] !== undefined;
}

/** The field each event's matchers test (Claude Code's table); undefined ignores matchers. */
const MATCH_FIELD: Record<HookEvent, string | undefined> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  PostToolUseFailure: "tool_name",
  PostToolBatch: undefined,
  Notification: "notification_type",
  UserPromptSubmit: undefined,
  UserPromptExpansion: "command_name",
  SessionStart: "source",
  SessionEnd: "reason",
  Stop: undefined,
  StopFailure: "error",
  SubagentStart: "agent_type",
  SubagentStop: "agent_type",
  PreCompact: "trigger",
  PostCompact: "trigger",
  PreModelSwitch: "source",
  PostModelSwitch: "source",
  PermissionRequest: "tool_name",
  PermissionDenied: "tool_name",
  Setup: "trigger",
  TeammateIdle: undefined,
  TaskCreated: undefined,
  TaskCompleted: undefined,
  Elicitation: "mcp_server_name",
  ElicitationResult: "mcp_server_name",
  ConfigChange: "source",
  WorktreeCreate: undefined,
  WorktreeRemove: undefined,
  InstructionsLoaded: "load_reason",
  CwdChanged: undefined,
  FileChanged: "file_path",
  DirectoryAdded: "source",
  MessageDisplay: undefined,
  PreSkillShellCommand: "tool_name",
};
