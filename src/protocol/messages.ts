import type { AssistantContentBlock, StopReason, UserContentBlock } from "./content.js";
import type { Usage } from "./usage.js";

/** A loop transition as recorded: a continue or terminal reason with its payload. */
export interface LoopTransition {
  kind: "continue" | "terminal";
  reason: string;
  [payload: string]: unknown;
}

/** Fields every message in a conversation carries. */
interface MessageBase {
  uuid: string;
  /** ISO-8601 time the message was created. */
  timestamp: string;
}

/** A user message: a prompt, tool results, or a meta note the runtime adds. */
export interface UserMessage extends MessageBase {
  type: "user";
  message: { role: "user"; content: string | UserContentBlock[] };
  /** Added by the runtime, not typed by a person (hidden in transcripts' UI views). */
  isMeta?: boolean;
  /** Structured result of the tool, for the UI (never sent to the model). */
  toolUseResult?: unknown;
  /** The assistant message whose tool_use this message answers. */
  sourceToolAssistantUUID?: string;
  /** Why the call this result answers was allowed (never sent to the model). */
  allowReason?: { type: string; reason: string };
  /** PostToolUse hooks' host context for the auto mode's classifier (never sent to the model). */
  classifierContext?: string;
  /** This message is a compaction summary. */
  isCompactSummary?: boolean;
}

/** Why an API error ended a response, as the Agent SDK names it. */
export type AssistantErrorKind =
  | "authentication_failed"
  | "billing_error"
  | "rate_limit"
  | "invalid_request"
  | "server_error"
  | "max_output_tokens"
  | "unknown";

/** A model response (or one block of it: blocks of one response share message.id). */
export interface AssistantMessage extends MessageBase {
  type: "assistant";
  message: {
    id: string;
    model: string;
    role: "assistant";
    content: AssistantContentBlock[];
    stop_reason: StopReason | null;
    stop_sequence: string | null;
    usage: Usage;
  };
  requestId?: string;
  /** A synthetic message standing for an API failure; never sent back to the model. */
  isApiErrorMessage?: boolean;
  error?: AssistantErrorKind;
  /** The HTTP status of the failure an API-error message stands for. */
  apiErrorStatus?: number;
}

/** Context the runtime attaches for the model's next request. */
export type Attachment =
  | { type: "queued_command"; prompt: string }
  | { type: "edited_text_file"; filename: string; snippet: string }
  | { type: "max_turns_reached"; maxTurns: number; turnCount: number }
  | { type: "system_reminder"; content: string }
  /** The skills the model may start with the Skill tool (names and descriptions). */
  | { type: "skill_listing"; content: string }
  /** A hook said `continue: false`; the turn ends. Host-only. */
  /** `result`: the turn's result text when the stop gives one (ExitPlanMode with no approver). */
  | { type: "hook_stopped_continuation"; hookName: string; message: string; result?: string }
  /** Context a hook added for the model. */
  | { type: "hook_additional_context"; hookName: string; content: string }
  /** TodoWrite has not been used for a while; carries the current list. */
  | {
      type: "todo_reminder";
      todos: { content: string; status: "pending" | "in_progress" | "completed" }[];
    }
  /** A memory file (CLAUDE.md, a rule) that applies to a file the model just read. */
  | { type: "nested_memory"; path: string; content: string }
  /** A background task of this session ended (reported once, at a tool boundary). */
  | {
      type: "task_notification";
      taskId: string;
      status: "completed" | "failed" | "killed";
      description: string;
      summary: string;
    }
  /** A batch of a live monitor's output lines, or its end (Monitor; reported as it arrives). */
  | { type: "monitor_event"; taskId: string; description: string; text: string }
  /**
   * Messages from teammates (agent teams), each a `<teammate-message>` block; `from` names
   * who sent them, for the host's line.
   */
  | { type: "teammate_mailbox"; from: readonly string[]; text: string };

/** An attachment in the conversation; sent to the model as a meta user message. */
export interface AttachmentMessage extends MessageBase {
  type: "attachment";
  attachment: Attachment;
}

/** Why a compaction happened and how big the context was. */
export interface CompactMetadata {
  trigger: "manual" | "auto";
  preTokens: number;
}

/** A runtime notice; never sent to the model. */
export type SystemMessage = MessageBase & { type: "system" } & (
    | { subtype: "compact_boundary"; compactMetadata: CompactMetadata }
    | {
        subtype: "api_retry";
        attempt: number;
        maxRetries: number;
        retryDelayMs: number;
        errorStatus: number | null;
        error: AssistantErrorKind;
      }
    | { subtype: "informational"; level: "info" | "warning" | "error"; content: string }
    /** Why the loop continued or ended (recorded in the transcript; never sent to the model). */
    | { subtype: "transition"; transition: LoopTransition; turnCount: number }
  );

/** Progress a running tool reports (UI only). */
export interface ProgressMessage extends MessageBase {
  type: "progress";
  toolUseID: string;
  parentToolUseID: string;
  data: unknown;
}

/** Every message a conversation holds. */
export type Message =
  | UserMessage
  | AssistantMessage
  | AttachmentMessage
  | SystemMessage
  | ProgressMessage;

/** Tells the UI to remove a message it showed (a discarded partial response). */
export interface TombstoneMessage {
  type: "tombstone";
  message: AssistantMessage;
}

/** A one-line summary of a tool batch, for people watching; never sent to the model. */
export interface ToolUseSummaryMessage {
  type: "tool_use_summary";
  uuid: string;
  summary: string;
  precedingToolUseIds: string[];
}
