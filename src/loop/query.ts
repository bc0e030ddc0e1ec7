import { createSyntheticAssistantMessage, createUserMessage } from "../protocol/factories.js";
import type { LoopTransition, Message } from "../protocol/messages.js";
import { INTERRUPT_MESSAGE, INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../tools/tool-errors.js";
import { type Decision, type Iteration, type LoopLocals, terminal } from "./decision.js";
import type { QueryEvent } from "./events.js";
import { missingToolResults } from "./missing-tool-results.js";
import type { StreamOutcome } from "./outcome.js";
import type { QueryParams } from "./params.js";
import { prepareIteration } from "./prepare.js";
import { collapseDrainRetry } from "./recovery/collapse-drain.js";
import { maxOutputTokensEscalate } from "./recovery/max-output-escalate.js";
import { maxOutputTokensRecovery } from "./recovery/max-output-recovery.js";
import { reactiveCompactRetry } from "./recovery/reactive-compact.js";
import { stopHookStep } from "./recovery/stop-hooks.js";
import { tokenBudgetContinuation } from "./recovery/token-budget-continuation.js";
import { initialState, type State } from "./state.js";
import { stopFailure } from "./stop-failure.js";
import { streamResponse } from "./stream-response.js";
import { toolRound } from "./tool-round.js";
import type { Continue, Terminal } from "./transitions.js";

/**
 * One agentic turn: calls the model, runs the tools it asks for, recovers from what can be
 * recovered, and returns why the turn ended. Never throws for an API or tool fault.
 */
export async function* query(params: QueryParams): AsyncGenerator<QueryEvent, Terminal, undefined> {
  const parent = params.toolUseContext.abortController;
  // The turn's own controller follows the caller's, and stops the tools if the caller stops
  // reading early (closed stdout, a program that went away).
  const turnController = new AbortController();
  const follow = () => turnController.abort(parent.signal.reason);
  if (parent.signal.aborted) follow();
  else parent.signal.addEventListener("abort", follow, { once: true });
  let returned = false;
  try {
    const terminal = yield* queryLoop({
      ...params,
      toolUseContext: { ...params.toolUseContext, abortController: turnController },
    });
    returned = true;
    return terminal;
  } finally {
    parent.signal.removeEventListener("abort", follow);
    if (!returned) turnController.abort("turn_closed");
    params.toolUseContext.setInProgressToolUseIds(() => new Set());
  }
}

function transitionMessage(
  params: QueryParams,
  transition: Continue | Terminal,
  kind: LoopTransition["kind"],
  turnCount: number,
): Message {
  const { reason, ...payload } = transition;
  const recorded: LoopTransition = { kind, reason, ...serializable(payload) };
  return {
    type: "system",
    subtype: "transition",
    uuid: params.deps.ids.uuid(),
    timestamp: params.deps.ids.timestamp(),
    transition: recorded,
    turnCount,
  };
}

function serializable(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    out[key] = value instanceof Error ? value.message : value;
  }
  return out;
}

/** The no-tool-use exit: the recovery ladder in the seeds' order, then the exits. */
async function* finishPath(iteration: Iteration): AsyncGenerator<QueryEvent, Decision, undefined> {
  const steps = [
    collapseDrainRetry,
    reactiveCompactRetry,
    maxOutputTokensEscalate,
    maxOutputTokensRecovery,
  ];
  for (const step of steps) {
    const decision = yield* step(iteration);
    if (decision) return decision;
  }
  // No stop hooks after an API error: error → hook → retry would spiral. StopFailure instead.
  const { apiError } = iteration.outcome;
  if (apiError) {
    await stopFailure(iteration.params, iteration.outcome.context, apiError);
    return terminal({ reason: "completed" });
  }
  const stopped = yield* stopHookStep(iteration);
  if (stopped) return stopped;
  const budget = yield* tokenBudgetContinuation(iteration);
  if (budget) return budget;
  return terminal({ reason: "completed" });
}

/**
 * The stream ended the turn with tool calls in flight: the executor's remaining results, then
 * an error result (with `text`) for every call still unanswered.
 */
async function* settleToolCalls(
  params: QueryParams,
  outcome: StreamOutcome,
  text: string,
): AsyncGenerator<QueryEvent, void, undefined> {
  const results: Message[] = [...outcome.earlyResults];
  if (outcome.executor) {
    for await (const update of outcome.executor.getRemainingResults()) {
      results.push(update.message);
      yield update.message;
    }
  }
  yield* missingToolResults(outcome.assistantMessages, results, text, params.deps.ids);
}

/** The user stopped the turn while the model was streaming. */
async function* abortedWhileStreaming(
  params: QueryParams,
  outcome: StreamOutcome,
): AsyncGenerator<QueryEvent, Decision, undefined> {
  yield* settleToolCalls(params, outcome, INTERRUPT_MESSAGE_FOR_TOOL_USE);
  if (outcome.context.abortController.signal.reason !== "interrupt") {
    yield createUserMessage(INTERRUPT_MESSAGE, params.deps.ids);
  }
  return terminal({ reason: "aborted_streaming" });
}

/** An unexpected exception from the model layer: settle the calls in flight and end. */
async function* modelFailure(
  params: QueryParams,
  outcome: StreamOutcome,
  error: unknown,
): AsyncGenerator<QueryEvent, Decision, undefined> {
  const text = error instanceof Error ? error.message : String(error);
  yield* settleToolCalls(params, outcome, text);
  yield createSyntheticAssistantMessage(`API Error: ${text}`, params.deps.ids, "unknown");
  return terminal({ reason: "model_error", error });
}

/** The previous round's one-line label, yielded once this request's stream has ended. */
async function* pendingSummary(state: State): AsyncGenerator<QueryEvent, void, undefined> {
  const summary = await state.pendingToolUseSummary;
  if (summary) yield summary;
}

/** One iteration: prepare, stream, then the finish path or the tool path. */
async function* iterate(
  state: State,
  params: QueryParams,
  locals: LoopLocals,
): AsyncGenerator<QueryEvent, Decision, undefined> {
  const prepared = yield* prepareIteration(state, params);
  if (!("kind" in prepared)) return terminal(prepared);
  const outcome = yield* streamResponse({
    request: prepared.request,
    context: prepared.context,
    deps: params.deps,
    ...(params.fallbackModel ? { fallbackModel: params.fallbackModel } : {}),
    streamingToolExecution: params.streamingToolExecution ?? true,
  });
  locals.turnOutputTokens += outcome.outputTokens;
  if (outcome.aborted) return yield* abortedWhileStreaming(params, outcome);
  if (outcome.unexpected) return yield* modelFailure(params, outcome, outcome.unexpected.error);
  yield* pendingSummary(state);
  const iteration: Iteration = {
    // Every continue carries the context this request ran with (the fallback model included).
    state: { ...state, autoCompactTracking: prepared.tracking, toolUseContext: outcome.context },
    params,
    messagesForQuery: prepared.messagesForQuery,
    outcome,
    locals,
  };
  return outcome.needsFollowUp ? yield* toolRound(iteration) : yield* finishPath(iteration);
}

/** `while (true)` over an explicit State: leaves only by `return`, and records every transition. */
async function* queryLoop(params: QueryParams): AsyncGenerator<QueryEvent, Terminal, undefined> {
  let state = initialState(params);
  const locals: LoopLocals = {
    stopHookBlocks: 0,
    budget: { continuations: 0, lastDelta: 0, lastTurnTokens: 0 },
    turnOutputTokens: 0,
  };
  while (true) {
    const decision = yield* iterate(state, params, locals);
    if (decision.kind === "terminal") {
      yield transitionMessage(params, decision.terminal, "terminal", state.turnCount);
      return decision.terminal;
    }
    // Recorded against the iteration that decided it (a next_turn moves on to the next turn).
    const decidedAt = state.turnCount;
    state = decision.state;
    yield transitionMessage(params, state.transition!, "continue", decidedAt);
  }
}
