import type { AgentDefinition } from "../../config/agent-definition.js";
import type { AgentHooksFactory } from "../../hooks/agent-scoped-hooks.js";
import type { CallModel, CompactionResult, QueryDeps, StopHookOutcome } from "../../loop/params.js";
import type { ModelProvider } from "../../model/provider.js";
import type { RetryOptions } from "../../model/retry.js";
import type { ApiThinkingConfig, EffortLevel, TaskBudget } from "../../protocol/api.js";
import type { IdSource } from "../../protocol/factories.js";
import type { Message } from "../../protocol/messages.js";
import type { AppState, CanUseTool, ToolUseContext } from "../../tools/context.js";
import type { FileStateCache } from "../../tools/file-state-cache.js";
import type { ToolHooks } from "../../tools/hooks.js";
import type { ReadDenial } from "../../tools/read-denial.js";
import type { TeammateSpawner, TeammateStopper } from "../../tools/teammates.js";
import type { AnyTool } from "../../tools/tool.js";
import type { SdkSystemInit } from "../sdk-messages.js";
import type { SubagentRunnerDeps, SubagentStartHooks } from "../subagent-runner.js";
import type { TranscriptRecord } from "../transcript/envelope.js";

/** The prompt parts a session computes once, so every request's prefix stays cacheable. */
export interface SessionContext {
  /** The whole system prompt: base + system context (+ custom / appended prompts). */
  systemPrompt: string;
  /** Sent as a meta user message at the front: claudeMd, currentDate … */
  userContext: Readonly<Record<string, string>>;
}

/** What a UserPromptSubmit hook pass decided about a prompt. */
export interface PromptSubmitOutcome {
  /** The prompt is not sent; the reason is shown instead. */
  blocked?: string;
  /** Context hooks added for the model. */
  additionalContext: Array<{ hookName: string; content: string }>;
}

/** Hooks the engine runs around a turn (the hook engine implements them). */
export interface EngineHooks {
  tool: ToolHooks;
  stop?: (
    messages: readonly Message[],
    context: ToolUseContext,
    stopHookActive: boolean,
  ) => Promise<StopHookOutcome>;
  userPromptSubmit?: (prompt: string, signal: AbortSignal) => Promise<PromptSubmitOutcome>;
  /** StopFailure: a turn (or a subagent's) is ending on an API error. */
  stopFailure?: QueryDeps["runStopFailureHooks"];
  /** PostToolBatch: every call of a tool round has its result. */
  postToolBatch?: QueryDeps["runPostToolBatchHooks"];
  /** SubagentStart: a subagent is starting; what the hooks say is context for it. */
  subagentStart?: SubagentStartHooks;
  /** The fallback model took over a request (PostModelSwitch, source auto). */
  modelFallback?: QueryDeps["onModelFallback"];
  /** An agent definition's own hooks, run for that subagent's life only. */
  forAgent?: AgentHooksFactory;
}

/** Where the conversation is persisted as it happens (a JSONL transcript). */
export interface TranscriptSink {
  append(message: Message): void;
  /** A message the UI must forget (a response discarded for a fallback retry). */
  remove(uuid: string): void;
  /** The conversation goes on from this message (a rewind); null: from the start. */
  branchFrom(uuid: string | null): void;
  /** The last message appended (what a display record follows); null when none. */
  lastUuid?(): string | null;
  /** Writes a bookkeeping line, never sent to the model (a display record). */
  appendRecord?(record: TranscriptRecord): void;
}

/** The loop's context-management dependencies, and compaction on request (`/compact`). */
export type ContextDeps = Pick<
  QueryDeps,
  "microcompact" | "autocompact" | "collapseDrain" | "reactiveCompact" | "isAtBlockingLimit"
> & {
  compactNow?: (
    messages: readonly Message[],
    instructions: string | undefined,
    context: ToolUseContext,
  ) => Promise<CompactionResult>;
};

/** Per-turn attachments (queued input is added by the engine itself). */
export type AttachmentSource = (
  context: ToolUseContext,
  messages: readonly Message[],
) => Promise<Message[]>;

/**
 * A conversation's configuration: seed 004's QueryEngineConfig, with keel's model provider
 * and the session's collaborators injected.
 */
export interface QueryEngineConfig {
  cwd: string;
  provider: ModelProvider;
  tools: readonly AnyTool[];
  /** The tools now (MCP servers connect and change their lists mid-session); default: `tools`. */
  refreshTools?: () => readonly AnyTool[];
  /** Slash command names, as system/init lists them. */
  commands?: readonly string[];
  /** Skill names, as system/init lists them. */
  skills?: readonly string[];
  /**
   * The skills the model may start, as the reminder that lists them (Claude Code's
   * skill_listing): kept once after the first prompt, again after a compaction dropped it.
   */
  skillListing?: () => string | undefined;
  /**
   * The skills a reload added since the listing was made, as a listing of their own (each
   * told once; undefined when none): kept at the next turn's start, as Claude Code does.
   */
  addedSkillsListing?: () => string | undefined;
  /** The agent types the Agent tool can start; a function gives the list as it is now. */
  agents?: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  canUseTool: CanUseTool;
  getAppState(): AppState;
  setAppState(update: (previous: AppState) => AppState): void;
  /** A resumed conversation (already repaired). */
  initialMessages?: readonly Message[];
  readFileCache?: FileStateCache;
  customSystemPrompt?: string;
  appendSystemPrompt?: string;
  userSpecifiedModel: string;
  fallbackModel?: string;
  /** The small model for tool-round labels; labels are off without it. */
  summaryModel?: string;
  thinkingConfig?: ApiThinkingConfig;
  /** The effort requests ask for (`--effort`, `effortLevel`); where the model takes it. */
  effort?: EffortLevel;
  /** The API's advisory token budget for a turn's loop (`--task-budget`, the SDK's `taskBudget`). */
  taskBudget?: TaskBudget;
  maxTurns?: number;
  maxBudgetUsd?: number;
  /** JSON schema the final answer must satisfy (through the StructuredOutput tool). */
  jsonSchema?: Readonly<Record<string, unknown>>;
  /** Absorbed input is echoed as a user message in the stream. */
  replayUserMessages?: boolean;
  includePartialMessages?: boolean;
  abortController?: AbortController;
  sessionId: string;
  /** Builds the system prompt and user context once per session. */
  loadContext: () => Promise<SessionContext>;
  hooks?: EngineHooks;
  /** Told when a user turn starts, with its prompt's uuid (file history keys snapshots by it). */
  onTurnStart?: (userMessageUuid: string) => Promise<void>;
  /** Told of each progress report a running tool makes (UI only: a REPL shows Bash's tail). */
  onProgress?: (toolUseId: string, data: unknown) => void;
  transcript?: TranscriptSink;
  /** Opens a subagent's sidechain transcript. */
  sidechain?: SubagentRunnerDeps["sidechain"];
  /** Spawns named agents as teammates (agent teams on); absent: a named agent is a subagent. */
  spawnTeammate?: TeammateSpawner;
  /** Stops a teammate for TaskStop (by its agent id, name or task id). */
  stopTeammate?: TeammateStopper;
  /** Told of each turn's tool context as it is made (a resumed team's teammates start with it). */
  onTurnContext?: (context: ToolUseContext) => void;
  attachments?: AttachmentSource;
  /**
   * Context management (microcompact, autocompact …) and blocking-limit accounting, built once
   * with the session's model call (metered and budget-checked, so compaction is paid for too).
   */
  contextDeps?: (callModel: CallModel) => ContextDeps;
  /** The max_tokens of a main request. */
  maxOutputTokens: number;
  escalatedMaxOutputTokens?: number;
  maxToolUseConcurrency?: number;
  additionalDirectories?: readonly string[];
  /** Files the settings' Read deny rules withhold from searches. */
  readDenial?: ReadDenial;
  retry?: Partial<RetryOptions>;
  /** system/init fields the host knows (api key source, version). */
  init: Pick<SdkSystemInit, "apiKeySource" | "claude_code_version" | "sandbox"> &
    Partial<Pick<SdkSystemInit, "output_style" | "plugins" | "plugin_errors">>;
  /** The MCP servers and their status now, for system/init. */
  mcpServers?: () => SdkSystemInit["mcp_servers"];
  ids?: IdSource;
  now?: () => number;
}
