import type { ApiAssistantMessage, ApiUserMessage } from "../protocol/api.js";
import type { StopReason } from "../protocol/content.js";
import type { StreamEvent } from "../protocol/events.js";
import type { AssistantErrorKind } from "../protocol/messages.js";
import type { Usage } from "../protocol/usage.js";

/** Per-model usage in a result, as the Claude Agent SDK reports it. */
export interface SdkModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
  /** keel's addition: the model has no known prices, so costUSD is 0. */
  costUnknown?: boolean;
}

/** The first message of every turn: what this session runs with. */
export interface SdkSystemInit {
  type: "system";
  subtype: "init";
  cwd: string;
  session_id: string;
  tools: string[];
  mcp_servers: Array<{ name: string; status: string }>;
  model: string;
  permissionMode: string;
  slash_commands: string[];
  apiKeySource: string;
  /** The SDK reads the CLI's version from this field; keel puts its own version here. */
  claude_code_version: string;
  output_style: string;
  agents: string[];
  skills: string[];
  plugins: Array<{ name: string; path: string; version?: string }>;
  /** Plugins that could not be loaded; absent when there are none (as in Claude Code). */
  plugin_errors?: Array<{ plugin: string; type: string; message: string; path?: string }>;
  uuid: string;
  fast_mode_state: "off";
  /** keel's own field: what confines Bash commands in this session. */
  sandbox?: SdkSandboxStatus;
}

/** What confines a session's Bash commands (system/init's `sandbox`, keel's own field). */
export interface SdkSandboxStatus {
  /** The settings turn Claude Code's sandbox on (`sandbox.enabled`). */
  enabled: boolean;
  /** Bash calls run in that sandbox: enabled, and it runs here. */
  active: boolean;
  /** keel's read-only jail can confine read-only commands (bwrap is installed). */
  readOnlyJail: boolean;
  /** Why a sandbox the session would use is missing. */
  unavailable?: string;
}

/** One content block of a model response (blocks of one response share message.id). */
export interface SdkAssistantMessage {
  type: "assistant";
  message: ApiAssistantMessage & {
    id: string;
    type: "message";
    model: string;
    stop_reason: StopReason | null;
    stop_sequence: string | null;
    usage: Usage;
  };
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
  request_id?: string;
  error?: AssistantErrorKind;
  /** The `/context` report's data, on the message that carries its text (never sent to a model). */
  context_usage?: SdkContextUsage;
}

/** `/context`'s data as the Agent SDK types it (SDKContextUsage). */
export interface SdkContextUsage {
  model: string;
  total_tokens: number;
  raw_max_tokens: number;
  percentage: number;
  over_limit?: { tokens_over: number; kind: "hard_limit" | "compaction_window" };
  categories: Array<{
    name: string;
    tokens: number;
    kind: "used" | "free" | "buffer" | "deferred";
  }>;
  mcp_tools: Array<{ name: string; server_name: string; tokens: number }>;
  memory_files: Array<{ path: string; type: string; tokens: number }>;
  agents: Array<{ agent_type: string; source: string; tokens: number }>;
}

/** A user message: tool results, or the prompt replayed. */
export interface SdkUserMessage {
  type: "user";
  message: ApiUserMessage;
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
  isSynthetic?: boolean;
  /** Input the user sent while a turn ran, echoed where the turn absorbed it. */
  isReplay?: boolean;
  tool_use_result?: unknown;
}

/** A raw stream event, only when partial messages are asked for. */
export interface SdkStreamEvent {
  type: "stream_event";
  event: StreamEvent;
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
}

/** Emitted before a failed request is retried. */
export interface SdkApiRetry {
  type: "system";
  subtype: "api_retry";
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: AssistantErrorKind;
  session_id: string;
  uuid: string;
}

/** A one-line label for a finished tool round. */
export interface SdkToolUseSummary {
  type: "tool_use_summary";
  summary: string;
  preceding_tool_use_ids: string[];
  session_id: string;
  uuid: string;
}

/** The conversation was compacted: what came before is now a summary. */
export interface SdkCompactBoundary {
  type: "system";
  subtype: "compact_boundary";
  compact_metadata: { trigger: "manual" | "auto"; pre_tokens: number };
  session_id: string;
  uuid: string;
}

/** How a turn ended, for programs. */
export type SdkResultSubtype =
  | "success"
  | "error_max_turns"
  | "error_during_execution"
  | "error_max_budget_usd"
  | "error_max_structured_output_retries";

/** The last message of every turn. */
export interface SdkResult {
  type: "result";
  subtype: SdkResultSubtype;
  is_error: boolean;
  api_error_status: number | null;
  duration_ms: number;
  duration_api_ms: number;
  num_turns: number;
  result?: string;
  /** The validated answer when the session asked for structured output. */
  structured_output?: unknown;
  errors?: string[];
  stop_reason: StopReason | null;
  session_id: string;
  total_cost_usd: number;
  usage: Usage;
  modelUsage: Record<string, SdkModelUsage>;
  permission_denials: Array<{ tool_name: string; tool_use_id: string; tool_input: unknown }>;
  terminal_reason: string;
  uuid: string;
  /** Set on the zeroed result written before exiting on a known start-up failure. */
  startup_failure_reason?: SandboxUnavailableReason;
}

/** The start-up failure keel reports in a result (the SDK's SDKStartupFailureReason). */
export type SandboxUnavailableReason = "sandbox_required_unavailable";

/** Every message keel's headless output carries. */
export type SdkMessage =
  | SdkSystemInit
  | SdkAssistantMessage
  | SdkUserMessage
  | SdkStreamEvent
  | SdkApiRetry
  | SdkCompactBoundary
  | SdkToolUseSummary
  | SdkResult;
