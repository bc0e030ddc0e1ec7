import { randomUUID } from "node:crypto";
import type { AgentDefinition } from "../config/agent-definition.js";
import { createSummaryCompactor } from "../context/summary-compactor.js";
import type { QueryDeps, QueryParams } from "../loop/params.js";
import { query } from "../loop/query.js";
import { parseTokenBudget } from "../loop/token-budget.js";
import { createToolRoundSummarizer } from "../loop/tool-use-summary.js";
import type { Terminal } from "../loop/transitions.js";
import { requestMaxTokens } from "../model/catalog.js";
import type { ModelProvider } from "../model/provider.js";
import type { RetryOptions } from "../model/retry.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { LoopTransition } from "../protocol/messages.js";
import type { AppState, CanUseTool, ToolUseContext } from "../tools/context.js";
import { FileStateCache } from "../tools/file-state-cache.js";
import type { ToolHooks } from "../tools/hooks.js";
import type { SubagentRunner } from "../tools/subagent.js";
import type { AnyTool } from "../tools/tool.js";
import { createMeteredCallModel } from "./metered-call-model.js";
import { toSdkMessage } from "./sdk-mapper.js";
import type { SdkMessage, SdkResult, SdkSystemInit } from "./sdk-messages.js";
import { createSubagentRunner } from "./subagent-runner.js";
import { TurnObserver } from "./turn-observer.js";
import { turnResult } from "./turn-result.js";
import { UsageTracker } from "./usage-tracker.js";

/** Everything one headless turn runs with. */
export interface HeadlessTurnParams {
  prompt: string;
  provider: ModelProvider;
  model: string;
  fallbackModel?: string;
  /** The small model for tool-round labels; labels are off without it. */
  summaryModel?: string;
  systemPrompt: string;
  userContext: Readonly<Record<string, string>>;
  tools: readonly AnyTool[];
  /** The agents the Agent tool can start (none when absent). */
  agentDefinitions?: readonly AgentDefinition[];
  cwd: string;
  appState: AppState;
  canUseTool: CanUseTool;
  hooks: ToolHooks;
  maxTurns?: number;
  maxOutputTokens: number;
  escalatedMaxOutputTokens?: number;
  maxToolUseConcurrency: number;
  retry: Partial<RetryOptions>;
  sessionId: string;
  includePartialMessages: boolean;
  init: Omit<SdkSystemInit, "type" | "subtype" | "uuid" | "session_id">;
  signal: AbortSignal;
  now: () => number;
  /** Every transition of the loop, as it happens. */
  onTransition?: (transition: LoopTransition, turnCount: number) => void;
}

function toolUseContext(
  params: HeadlessTurnParams,
  abortController: AbortController,
  denials: SdkResult["permission_denials"],
  runSubagent: SubagentRunner,
): ToolUseContext {
  let appState = params.appState;
  const canUseTool: CanUseTool = async (tool, input, context, assistant, toolUseId) => {
    const decision = await params.canUseTool(tool, input, context, assistant, toolUseId);
    if (decision.behavior === "deny")
      denials.push({ tool_name: tool.name, tool_use_id: toolUseId, tool_input: input });
    return decision;
  };
  return {
    options: {
      tools: params.tools,
      mainLoopModel: params.model,
      commands: [],
      agentDefinitions: params.agentDefinitions ?? [],
      runSubagent,
      isNonInteractiveSession: true,
      maxToolUseConcurrency: params.maxToolUseConcurrency,
      cwd: params.cwd,
      additionalDirectories: [],
    },
    abortController,
    readFileState: new FileStateCache(),
    toolDecisions: new Map(),
    messages: [],
    canUseTool,
    hooks: params.hooks,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setInProgressToolUseIds: () => {},
  };
}

function queryDeps(params: HeadlessTurnParams, ids: IdSource, meter: UsageTracker): QueryDeps {
  const callModel = createMeteredCallModel(params.provider, params.retry, meter, params.now);
  return {
    callModel,
    ids,
    reactiveCompact: createSummaryCompactor({ callModel, ids, model: () => params.model }),
    ...(params.summaryModel
      ? { summarizeToolRound: createToolRoundSummarizer(callModel, params.summaryModel) }
      : {}),
  };
}

/** An abort controller that follows the caller's signal until disposed. */
function linkedAbortController(signal: AbortSignal): {
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  return { controller, dispose: () => signal.removeEventListener("abort", abort) };
}

/** Subagents share the turn's model, ids and compaction; their output cap fits their model. */
function subagentRunner(params: HeadlessTurnParams, deps: QueryDeps): SubagentRunner {
  return createSubagentRunner({
    queryDeps: deps,
    userContext: params.userContext,
    maxOutputTokens: (model) => requestMaxTokens(model, params.maxOutputTokens),
    ...(params.fallbackModel ? { fallbackModel: params.fallbackModel } : {}),
    newAgentId: randomUUID,
    now: params.now,
  });
}

function queryParams(
  params: HeadlessTurnParams,
  deps: QueryDeps,
  context: ToolUseContext,
): QueryParams {
  const budget = parseTokenBudget(params.prompt);
  return {
    messages: [createUserMessage(params.prompt, deps.ids)],
    systemPrompt: params.systemPrompt,
    userContext: params.userContext,
    toolUseContext: context,
    deps,
    maxOutputTokens: params.maxOutputTokens,
    ...(params.escalatedMaxOutputTokens
      ? { escalatedMaxOutputTokens: params.escalatedMaxOutputTokens }
      : {}),
    ...(params.fallbackModel ? { fallbackModel: params.fallbackModel } : {}),
    ...(params.maxTurns === undefined ? {} : { maxTurns: params.maxTurns }),
    ...(budget === null ? {} : { tokenBudget: budget }),
  };
}

/**
 * One headless turn through the query loop: system/init, then the Agent SDK messages of
 * every assistant block, tool result and retry, then the result mapped from the Terminal.
 */
export async function* runHeadlessTurn(
  params: HeadlessTurnParams,
): AsyncGenerator<SdkMessage, Terminal, undefined> {
  const startedAt = params.now();
  const ids: IdSource = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const { sessionId } = params;
  yield {
    type: "system",
    subtype: "init",
    ...params.init,
    session_id: sessionId,
    uuid: ids.uuid(),
  };

  const observer = new TurnObserver(params.now, params.onTransition);
  const meter = new UsageTracker();
  const denials: SdkResult["permission_denials"] = [];
  const abort = linkedAbortController(params.signal);
  try {
    const deps = queryDeps(params, ids, meter);
    const runner = subagentRunner(params, deps);
    const context = toolUseContext(params, abort.controller, denials, runner);
    const turn = query(queryParams(params, deps, context));
    const mapping = { sessionId, includePartialMessages: params.includePartialMessages };
    let step = await turn.next();
    while (!step.done) {
      observer.observe(step.value);
      const message = toSdkMessage(step.value, mapping);
      if (message) yield message;
      step = await turn.next();
    }
    observer.finish();
    const terminal = step.value;
    yield turnResult(
      {
        terminal,
        lastAssistant: observer.lastAssistant,
        ...(params.maxTurns === undefined ? {} : { maxTurns: params.maxTurns }),
        numTurns: observer.numTurns,
        stopReason: observer.stopReason,
        durationMs: params.now() - startedAt,
        sessionId,
        uuid: ids.uuid(),
        permissionDenials: denials,
      },
      meter,
    );
    return terminal;
  } finally {
    abort.dispose();
  }
}
