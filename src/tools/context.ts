import type { AgentDefinition } from "../config/agent-definition.js";
import type { ApiThinkingConfig, EffortLevel, TaskBudget } from "../protocol/api.js";
import type { AssistantMessage, Message } from "../protocol/messages.js";
import type { FileStateCache } from "./file-state-cache.js";
import type { ToolHooks } from "./hooks.js";
import type { ReadDenial } from "./read-denial.js";
import type { SideModel } from "./side-model.js";
import type { SubagentRunner } from "./subagent.js";
import type { TeammateConversationFactory, TeammateSpawner, TeammateStopper } from "./teammates.js";
import type { AnyTool } from "./tool.js";

/** Claude Code's permission modes. */
export const PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "bypassPermissions",
  "dontAsk",
  "auto",
] as const;

/** A permission mode. */
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Session state the host owns and tools may read or update. */
export interface AppState {
  permissionMode: PermissionMode;
}

/** The answer to "may this tool run with this input?" */
/**
 * Why a call was allowed, kept with the call (its decision record, the transcript's tool result,
 * the debug log): `type` as Claude Code's `decision_reason_type` names it, or `user` for a
 * person's (or the host's) answer to a prompt; `reason` says it in a sentence.
 */
export interface AllowReason {
  type:
    | "rule"
    | "mode"
    | "hook"
    | "classifier"
    | "user"
    | "permissionPromptTool"
    | "sandboxOverride"
    | "other";
  reason: string;
}

export type PermissionResult =
  | { behavior: "allow"; updatedInput?: Record<string, unknown>; decisionReason?: AllowReason }
  /**
   * `interrupt` ends the turn (a person rejected the call without feedback). `endTurn` ends
   * it normally after this round, its result the text given (a plan no one could approve).
   */
  | { behavior: "deny"; message: string; interrupt?: boolean; endTurn?: { result: string } };

/** What PreToolUse hooks said about a call that they did not deny (the policy weighs it). */
export interface HookPermissionVerdict {
  behavior: "allow" | "ask";
  reason?: string;
}

/** Decides a permission for one call (the policy layer, or the host asking a person). */
export type CanUseTool = (
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ToolUseContext,
  assistantMessage: AssistantMessage,
  toolUseId: string,
  hookVerdict?: HookPermissionVerdict,
) => Promise<PermissionResult>;

/** How a permission was decided for a tool call (for the transcript and the SDK). */
export interface ToolDecision {
  source: "config" | "hook" | "user" | "mode";
  decision: "accept" | "reject";
  /** Why an accepted call was allowed. */
  reason?: AllowReason;
}

/** The configuration a turn's tools run with. */
export interface ToolUseOptions {
  tools: readonly AnyTool[];
  mainLoopModel: string;
  /**
   * True when the turn asked for mainLoopModel itself (a command's or skill's `model`): a model
   * switch made with /model or set_model leaves its requests alone.
   */
  modelPinned?: boolean;
  thinking?: ApiThinkingConfig;
  /** `--effort` / `effortLevel`: sent where the model takes it. */
  effort?: EffortLevel;
  /** `--task-budget`: sent as `output_config.task_budget` with its beta. */
  taskBudget?: TaskBudget;
  /** Slash command names the session knows. */
  commands: readonly string[];
  /** The kinds of subagent the session knows (built-in, project and user agents). */
  agentDefinitions: readonly AgentDefinition[];
  /** Starts a subagent for the Agent tool; absent where subagents are not available. */
  runSubagent?: SubagentRunner;
  /** Spawns a named agent as a teammate (agent teams on, main thread only: never a teammate's). */
  spawnTeammate?: TeammateSpawner;
  /** Stops a teammate (TaskStop by its id or name), where the session has a team. */
  stopTeammate?: TeammateStopper;
  /** Opens a teammate's conversation on the session's model and compaction. */
  openTeammateConversation?: TeammateConversationFactory;
  /** Re-reads the tool list (an MCP server connected mid-turn); called at each tool boundary. */
  refreshTools?: () => readonly AnyTool[];
  /** No person is there to answer a permission prompt. */
  isNonInteractiveSession: boolean;
  /** Concurrency-safe calls run at most this many at once. */
  maxToolUseConcurrency: number;
  /** The working folder and any added ones: reads inside them need no permission. */
  cwd: string;
  additionalDirectories: readonly string[];
  /** Files Read deny rules withhold: searches leave them out (absent: none are). */
  readDenial?: ReadDenial;
  /** The session's model for tools' own requests (WebFetch, WebSearch); absent: none. */
  sideModel?: SideModel;
}

/**
 * The shared bus of a turn: configuration, the abort signal, state shared across tools and
 * turns, identity, tracking and the host's callbacks. Tools read from it; a tool's changes
 * come back as a `contextModifier` that the orchestrator applies.
 */
export interface ToolUseContext {
  options: ToolUseOptions;
  abortController: AbortController;
  readFileState: FileStateCache;
  toolDecisions: Map<string, ToolDecision>;
  /** Set for a subagent; undefined on the main thread. */
  agentId?: string;
  agentType?: string;
  /** A teammate's name: its requests name it (x-keel-agent) instead of its type. */
  agentName?: string;
  queryTracking?: { chainId: string; depth: number };
  messages: readonly Message[];
  /** Deferred tools whose definitions the model has been given (by ToolSearch, or on first call). */
  loadedDeferredTools?: ReadonlySet<string>;
  canUseTool: CanUseTool;
  hooks: ToolHooks;
  getAppState(): AppState;
  setAppState(update: (previous: AppState) => AppState): void;
  /** Tells the UI which tool calls are running. */
  setInProgressToolUseIds(update: (previous: ReadonlySet<string>) => ReadonlySet<string>): void;
  addNotification?(text: string): void;
  /** Told of every call a hook or the policy denied (the result's permission_denials). */
  onPermissionDenied?(denial: { toolName: string; toolUseId: string; input: unknown }): void;
}

/** The context a single tool call receives: the turn's context plus the call's identity. */
export interface ToolCallContext extends ToolUseContext {
  toolUseId: string;
  /** Aborted when this call must stop (the turn aborted, or a sibling Bash call failed). */
  signal: AbortSignal;
}
