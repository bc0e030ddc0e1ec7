import type { AgentDefinition } from "../config/agent-definition.js";
import type { AssistantMessage, Message, UserMessage } from "../protocol/messages.js";
import type { Usage } from "../protocol/usage.js";
import type { PermissionMode, ToolUseContext } from "./context.js";

/** A subagent's message (a response block or a tool result), reported as the Agent call's progress. */
export interface AgentProgress {
  type: "agent_progress";
  message: AssistantMessage | UserMessage;
  /** The agent's `color` (its definition's), for the REPL's line about it. */
  color?: string;
}

/** What a subagent is started with. */
export interface SubagentRunInput {
  definition: AgentDefinition;
  /** The task: the subagent's first and only user message. */
  prompt: string;
  /** The context of the turn that called the Agent tool (tools, permissions, hooks, model). */
  parentContext: ToolUseContext;
  /** The Agent tool call that started the subagent. */
  toolUseId: string;
  /** The Agent call's signal: when it aborts, the subagent stops. */
  signal: AbortSignal;
  /** Receives the subagent's messages while it runs (for the UI). */
  onProgress?: (progress: AgentProgress) => void;
  /** A JSON Schema its answer must match: it gets StructuredOutput and must call it once. */
  outputSchema?: Readonly<Record<string, unknown>>;
  /** The mode its tools run in instead of the session's (a workflow's agents: acceptEdits). */
  permissionMode?: PermissionMode;
  /** Continuing a named agent (SendMessage): its conversation, its inbox, its transcript kept. */
  continuation?: AgentContinuation;
}

/**
 * How a named background agent is continued. With `history` the run resumes that conversation
 * and its `prompt` is the new user turn; `drainInbox` hands over the messages sent to it while it
 * runs, added at each tool boundary; `onConversation` hears the whole conversation at its end.
 */
export interface AgentContinuation {
  history?: readonly Message[];
  drainInbox?: () => readonly string[];
  onConversation?: (messages: readonly Message[]) => void;
}

/** How a subagent's run ended. */
export interface SubagentRunResult {
  /** Its final text, or the error that ended it. */
  text: string;
  /** Tokens of all its requests, summed. */
  usage: Usage;
  /** Its agentic turns: one, plus one per tool round. */
  turns: number;
  /** Why its loop ended (a loop Terminal reason). */
  terminalReason: string;
  isError: boolean;
  /** The validated StructuredOutput answer, when an `outputSchema` was given and answered. */
  structured?: { data: unknown };
}

/** Runs a subagent to the end (implemented by the session layer, so tools/ never imports loop/). */
export type SubagentRunner = (input: SubagentRunInput) => Promise<SubagentRunResult>;
