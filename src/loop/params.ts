import type { ModelRequest } from "../model/provider.js";
import type { RetryingModelEvent } from "../model/retry.js";
import type { IdSource } from "../protocol/factories.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";

/** One model request, retried by the model layer; everything the loop knows of the model. */
export type CallModel = (
  request: ModelRequest,
  signal: AbortSignal,
  options: { hasFallbackModel: boolean; maxRetries?: number },
) => AsyncIterable<RetryingModelEvent>;

/** A compaction that replaced the history: the messages that now stand for it. */
export interface CompactionResult {
  /** The post-compact history (a compact boundary, the summary, and what was kept). */
  messages: Message[];
}

/** What the Stop hooks said when the model finished without tool calls. */
export interface StopHookOutcome {
  /** Feedback for the model: the turn goes on with these as meta user messages. */
  blockingErrors: Array<{ hookName: string; message: string }>;
  /** Context for the model (additionalContext): the turn goes on with it, as with feedback. */
  additionalContext?: Array<{ hookName: string; content: string }>;
  /** A hook said `continue: false`: the turn ends. */
  preventContinuation?: { hookName: string; reason: string };
}

/** The tool calls and results of one round, for a one-line summary. */
export interface ToolRoundSummaryInput {
  lastAssistantText: string;
  tools: Array<{ name: string; input: unknown; output: unknown }>;
}

/**
 * Everything the loop touches outside itself, injected (tests swap one, never patch a module).
 * Optional deps switch their mechanism off when absent.
 */
export interface QueryDeps {
  callModel: CallModel;
  ids: IdSource;
  /** Cheap context clean-up before each request (clears old tool results). */
  microcompact?: (messages: Message[], context: ToolUseContext) => Promise<Message[]>;
  /** Full compaction when the context passes its threshold: undefined when not needed, throws when it fails. */
  autocompact?: (
    messages: Message[],
    context: ToolUseContext,
  ) => Promise<CompactionResult | undefined>;
  /** Commits staged context collapses after a prompt-too-long; `committed` 0 when none. */
  collapseDrain?: (messages: Message[]) => Promise<{ committed: number; messages: Message[] }>;
  /** Compaction after the API said the prompt is too long (or media too large). */
  reactiveCompact?: (
    messages: Message[],
    context: ToolUseContext,
  ) => Promise<CompactionResult | undefined>;
  /** Runs the Stop (or SubagentStop) hooks. */
  runStopHooks?: (
    messages: readonly Message[],
    context: ToolUseContext,
    stopHookActive: boolean,
  ) => Promise<StopHookOutcome>;
  /** Runs the PostToolBatch hooks once every call of a round has its result. */
  runPostToolBatchHooks?: (
    calls: readonly ToolBatchCallInfo[],
    context: ToolUseContext,
  ) => Promise<PostToolBatchOutcome>;
  /** Runs the StopFailure hooks when a turn ends on an API error (the error message given). */
  runStopFailureHooks?: (error: AssistantMessage, context: ToolUseContext) => Promise<void>;
  /** Told when the fallback model takes over a request (PostModelSwitch hooks, source auto). */
  onModelFallback?: (from: string, to: string, context: ToolUseContext) => Promise<void>;
  /** A one-line label for a tool round from a small model; null when it fails. */
  summarizeToolRound?: (
    input: ToolRoundSummaryInput,
    signal: AbortSignal,
  ) => Promise<string | null>;
  /** Attachments to add after a tool round (queued input, changed files, reminders). */
  collectAttachments?: (
    context: ToolUseContext,
    messages: readonly Message[],
  ) => Promise<Message[]>;
  /** Context-window accounting: true when the history is past the hard limit. */
  isAtBlockingLimit?: (messages: readonly Message[], model: string) => boolean;
}

/** One call of a finished tool round, for PostToolBatch hooks. */
export interface ToolBatchCallInfo {
  toolName: string;
  input: unknown;
  toolUseId: string;
  /** The tool_result's content. */
  response?: unknown;
}

/** What PostToolBatch hooks said: context for the next request, or a stop before it. */
export interface PostToolBatchOutcome {
  additionalContext: Array<{ hookName: string; content: string }>;
  stop?: { hookName: string; message: string };
}

/** One agentic turn's inputs. */
export interface QueryParams {
  /** The conversation so far, ending with the user's new input. */
  messages: Message[];
  systemPrompt: string;
  /** Context the model gets as a meta user message at the front (claudeMd, currentDate …). */
  userContext: Readonly<Record<string, string>>;
  toolUseContext: ToolUseContext;
  deps: QueryDeps;
  maxOutputTokens: number;
  /** The output cap max_output_tokens_escalate retries with; undefined disables escalation. */
  escalatedMaxOutputTokens?: number;
  maxOutputTokensOverride?: number;
  fallbackModel?: string;
  maxTurns?: number;
  /** The "+500k" output-token budget from the prompt; never for subagents. */
  tokenBudget?: number;
  /** How long the next iteration waits for a tool round's label (default 15 s). */
  toolUseSummaryTimeoutMs?: number;
  /** Start tools while the model is still streaming (default on). */
  streamingToolExecution?: boolean;
  requestKind?: ModelRequest["kind"];
}
