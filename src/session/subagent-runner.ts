import type { AgentHooksFactory } from "../hooks/agent-scoped-hooks.js";
import { chainStopHooks, chainToolHooks } from "../hooks/chain-hooks.js";
import type { QueryEvent } from "../loop/events.js";
import type { QueryDeps, QueryParams } from "../loop/params.js";
import { query } from "../loop/query.js";
import { createUserMessage } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import { createChildAbortController } from "../tools/child-abort-controller.js";
import type { SubagentRunInput, SubagentRunner, SubagentRunResult } from "../tools/subagent.js";
import { subagentContext, subagentModel } from "./subagent-context.js";
import { FinalTextTracker, subagentResult } from "./subagent-outcome.js";
import { requireStructuredAnswer } from "./subagent-structured.js";
import { subagentSystemPrompt } from "./subagent-system-prompt.js";
import { TurnObserver } from "./turn-observer.js";

/** Claude Code's default turn limit for a subagent. */
const DEFAULT_SUBAGENT_MAX_TURNS = 50;

/** What subagents of a session run with. */
export interface SubagentRunnerDeps {
  /** The session's loop dependencies (model, ids, compaction); tool-round summaries are dropped. */
  queryDeps: QueryDeps;
  userContext: Readonly<Record<string, string>>;
  /** The max_tokens of a request to a model. */
  maxOutputTokens: (model: string) => number;
  fallbackModel?: string;
  /** A new agent id (a uuid). */
  newAgentId: () => string;
  now: () => number;
  /** Turns a subagent may take when its definition sets none (default 50). */
  maxTurns?: number;
  /** Where a subagent's own transcript (its sidechain) is written; none when absent. */
  sidechain?: (agentId: string, agentType: string) => SidechainSink;
  /** SubagentStart hooks, as the subagent starts: context for it (none: nothing to add). */
  onStart?: SubagentStartHooks;
  /** Makes an agent definition's own hooks (none: an agent's `hooks` do not run). */
  agentHooks?: AgentHooksFactory;
}

/** Runs the SubagentStart hooks of one subagent; returns the context they give it. */
export type SubagentStartHooks = (
  agent: { agentId: string; agentType: string },
  signal: AbortSignal,
) => Promise<string[]>;

/** The subagent's user context with what its SubagentStart hooks said (as SessionStart's). */
async function withStartContext(
  deps: SubagentRunnerDeps,
  params: QueryParams,
  agentType: string,
): Promise<QueryParams> {
  const { agentId } = params.toolUseContext;
  if (!deps.onStart || agentId === undefined) return params;
  const signal = params.toolUseContext.abortController.signal;
  const context = await deps.onStart({ agentId, agentType }, signal);
  if (context.length === 0) return params;
  return {
    ...params,
    userContext: { ...params.userContext, subagentStartHooks: context.join("\n\n") },
  };
}

/** Where an agent's hooks were written, as their problems name it. */
function hooksOrigin(definition: SubagentRunInput["definition"]): string {
  const { source } = definition;
  return "path" in source ? source.path : `the ${definition.name} agent's hooks`;
}

/**
 * The subagent's params with its definition's own hooks after the session's, for its life
 * only: its tool calls' PreToolUse and PostToolUse, and its Stop as SubagentStop.
 */
function withAgentHooks(deps: SubagentRunnerDeps, params: QueryParams, input: SubagentRunInput) {
  const { hooks } = input.definition;
  if (!hooks || !deps.agentHooks) return params;
  const own = deps.agentHooks(hooks, hooksOrigin(input.definition));
  const context = params.toolUseContext;
  return {
    ...params,
    toolUseContext: { ...context, hooks: chainToolHooks(context.hooks, own.tool) },
    deps: { ...params.deps, runStopHooks: chainStopHooks(params.deps.runStopHooks, own.stop) },
  };
}

/** A subagent's sidechain transcript. */
export interface SidechainSink {
  append(message: Message): void;
  close(): void;
}

/**
 * The messages sent to a named agent while it runs, as user messages after a tool round's
 * results and attachments: the model reads them before its next step.
 */
function withInbox(deps: QueryDeps, drain: (() => readonly string[]) | undefined): QueryDeps {
  if (!drain) return deps;
  const collect = deps.collectAttachments;
  return {
    ...deps,
    collectAttachments: async (context, messages) => [
      ...(collect ? await collect(context, messages) : []),
      ...drain().map((text) => createUserMessage(text, deps.ids)),
    ],
  };
}

function subagentParams(
  deps: SubagentRunnerDeps,
  input: SubagentRunInput,
  abortController: AbortController,
): QueryParams {
  const { summarizeToolRound: _noSummaries, ...shared } = deps.queryDeps;
  const queryDeps = withInbox(shared, input.continuation?.drainInbox);
  const { definition, parentContext } = input;
  const model = subagentModel(definition, parentContext.options.mainLoopModel);
  const agentId = deps.newAgentId();
  return {
    messages: [
      ...(input.continuation?.history ?? []),
      createUserMessage(input.prompt, queryDeps.ids),
    ],
    systemPrompt: subagentSystemPrompt(definition, parentContext.options.cwd),
    userContext: deps.userContext,
    toolUseContext: subagentContext(parentContext, {
      definition,
      agentId,
      model,
      abortController,
      ...(input.permissionMode ? { permissionMode: input.permissionMode } : {}),
    }),
    deps: queryDeps,
    maxOutputTokens: deps.maxOutputTokens(model),
    ...(deps.fallbackModel && deps.fallbackModel !== model
      ? { fallbackModel: deps.fallbackModel }
      : {}),
    maxTurns: definition.maxTurns ?? deps.maxTurns ?? DEFAULT_SUBAGENT_MAX_TURNS,
    requestKind: "main",
  };
}

const TRANSCRIPT_TYPES = new Set(["user", "assistant", "attachment", "system"]);

/** The loop's messages a transcript keeps (not raw stream events, tombstones or summaries). */
function isTranscriptMessage(event: QueryEvent): event is Message {
  return TRANSCRIPT_TYPES.has(event.type);
}

/** Runs the subagent's loop to its end, forwarding its messages as the Agent call's progress. */
async function drive(
  params: QueryParams,
  input: SubagentRunInput,
  now: () => number,
  sidechain: SidechainSink | undefined,
  watch?: (event: QueryEvent) => void,
): Promise<SubagentRunResult> {
  for (const message of params.messages) sidechain?.append(message);
  const conversation: Message[] = [...params.messages];
  const observer = new TurnObserver(now);
  const finalText = new FinalTextTracker();
  const turn = query(params);
  let step = await turn.next();
  while (!step.done) {
    const event = step.value;
    observer.observe(event);
    finalText.observe(event);
    watch?.(event);
    if (isTranscriptMessage(event)) {
      sidechain?.append(event);
      conversation.push(event);
    }
    if (event.type === "assistant" || event.type === "user") {
      input.onProgress?.({ type: "agent_progress", message: event });
    }
    step = await turn.next();
  }
  observer.finish();
  input.continuation?.onConversation?.(conversation);
  return subagentResult({
    terminal: step.value,
    finalText: finalText.text,
    apiError: observer.lastAssistant?.isApiErrorMessage === true,
    usage: observer.tracker.usage,
    turns: observer.numTurns,
    maxTurns: params.maxTurns ?? DEFAULT_SUBAGENT_MAX_TURNS,
  });
}

/**
 * The session's subagent runner: each subagent runs the same query() loop with a fresh
 * context (only its prompt, an empty readFileState, its own tools and model), an abort chained
 * to the Agent call's signal, its own turn limit, and no token budget or tool-round summaries.
 */
export function createSubagentRunner(deps: SubagentRunnerDeps): SubagentRunner {
  return async (input) => {
    const child = createChildAbortController(input.signal);
    const plain = withAgentHooks(deps, subagentParams(deps, input, child.controller), input);
    const answer = input.outputSchema
      ? requireStructuredAnswer(plain, input.outputSchema, child.controller)
      : undefined;
    const params = answer?.params ?? plain;
    const { agentId, agentType } = params.toolUseContext;
    const sidechain =
      agentId === undefined
        ? undefined
        : deps.sidechain?.(agentId, agentType ?? input.definition.name);
    try {
      const started = await withStartContext(deps, params, agentType ?? input.definition.name);
      const result = await drive(started, input, deps.now, sidechain, answer?.observe);
      return answer ? answer.judge(result) : result;
    } finally {
      sidechain?.close();
      child.dispose();
    }
  };
}
