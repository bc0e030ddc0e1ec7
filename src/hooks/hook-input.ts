import type { PermissionMode } from "../tools/context.js";
import type { HookEvent } from "./events.js";

/** Why a session started (SessionStart's matcher value). */
export type SessionStartSource = "startup" | "resume" | "clear" | "compact";

/** Why a session ended (SessionEnd's matcher value). */
export type SessionEndReason =
  | "clear"
  | "resume"
  | "logout"
  | "prompt_input_exit"
  | "bypass_permissions_disabled"
  | "other";

/** The event-specific stdin fields each event's hooks get (Claude Code's names). */
export interface HookEventFields {
  PreToolUse: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string };
  PostToolUse: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_response: unknown;
    tool_use_id: string;
  };
  UserPromptSubmit: { prompt: string };
  Stop: { stop_hook_active: boolean; last_assistant_message?: string };
  SubagentStop: {
    stop_hook_active: boolean;
    agent_id: string;
    agent_type: string;
    agent_transcript_path?: string;
    last_assistant_message?: string;
  };
  SessionStart: { source: SessionStartSource; model?: string };
  SessionEnd: { reason: SessionEndReason };
  PreCompact: { trigger: "manual" | "auto"; custom_instructions: string | null };
  Notification: { message: string; title?: string; notification_type: string };
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

const MATCH_FIELD: Record<HookEvent, string | undefined> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  UserPromptSubmit: undefined,
  Stop: undefined,
  SubagentStop: "agent_type",
  SessionStart: "source",
  SessionEnd: "reason",
  PreCompact: "trigger",
  Notification: "notification_type",
};
