import { randomUUID } from "node:crypto";
import { createSummaryCompactor } from "../../context/summary-compactor.js";
import type { CallModel, QueryDeps, StopHookOutcome } from "../../loop/params.js";
import { createToolRoundSummarizer } from "../../loop/tool-use-summary.js";
import { requestMaxTokens } from "../../model/catalog.js";
import { createAttachmentMessage, type IdSource } from "../../protocol/factories.js";
import type { Message } from "../../protocol/messages.js";
import type { SubagentRunner } from "../../tools/subagent.js";
import type { TeammateConversationFactory } from "../../tools/teammates.js";
import { createSubagentRunner, type SubagentRunnerDeps } from "../subagent-runner.js";
import { createTeammateConversations } from "../teammate-conversation.js";
import type { ContextDeps, QueryEngineConfig } from "./config.js";
import type { InputQueue } from "./input-queue.js";
import { inputAttachment } from "./session-event.js";
import type { StructuredOutputChannel } from "./structured-output.js";

/** What a turn's loop dependencies are built from. */
interface TurnDepsInputs {
  config: QueryEngineConfig;
  callModel: CallModel;
  contextDeps: ContextDeps;
  ids: IdSource;
  queue: InputQueue;
  structured?: StructuredOutputChannel;
  userContext: Readonly<Record<string, string>>;
  now: () => number;
  /** Hands the context pipeline's rewritten messages to the conversation's history. */
  adoptRewrites: (rewritten: readonly Message[]) => void;
}

/**
 * Queued input first (prompts sent and events delivered during the turn, in arrival order),
 * then the host's own attachments (changed files, memory, reminders).
 */
function attachmentCollector(inputs: TurnDepsInputs): QueryDeps["collectAttachments"] {
  const { queue, ids, config } = inputs;
  return async (context, messages) => {
    const queued: Message[] = queue
      .drain()
      .map((input) => createAttachmentMessage(inputAttachment(input), ids));
    const more = config.attachments ? await config.attachments(context, messages) : [];
    return [...queued, ...more];
  };
}

/** The structured-output check runs before the user's Stop hooks; either may send the model back. */
function stopChecks(inputs: TurnDepsInputs): QueryDeps["runStopHooks"] {
  const { structured } = inputs;
  const userHooks = inputs.config.hooks?.stop;
  if (!structured && !userHooks) return undefined;
  return async (messages, context, active): Promise<StopHookOutcome> => {
    const own = structured?.stopCheck() ?? { blockingErrors: [] };
    if (own.blockingErrors.length > 0 || !userHooks) return own;
    return userHooks(messages, context, active);
  };
}

/**
 * The context deps the loop takes (compaction on request is the engine's own). What the
 * pipeline rewrites in place of the history's messages goes back to the history, so a cleared
 * tool result frees its content instead of living on in the engine's copy.
 */
function loopContextDeps(
  deps: ContextDeps,
  adoptRewrites: TurnDepsInputs["adoptRewrites"],
): Partial<QueryDeps> {
  const { compactNow: _onRequest, microcompact, ...loop } = deps;
  if (!microcompact) return loop;
  return {
    ...loop,
    microcompact: async (messages, context) => {
      const out = await microcompact(messages, context);
      if (out !== messages) adoptRewrites(out);
      return out;
    },
  };
}

/** The loop's dependencies for one turn of the conversation. */
export function turnDeps(inputs: TurnDepsInputs): QueryDeps {
  const { config, callModel, ids } = inputs;
  const stop = stopChecks(inputs);
  return {
    callModel,
    ids,
    reactiveCompact: createSummaryCompactor({
      callModel,
      ids,
      model: () => config.userSpecifiedModel,
    }),
    ...loopContextDeps(inputs.contextDeps, inputs.adoptRewrites),
    collectAttachments: attachmentCollector(inputs),
    ...(stop ? { runStopHooks: stop } : {}),
    ...(config.hooks?.stopFailure ? { runStopFailureHooks: config.hooks.stopFailure } : {}),
    ...(config.hooks?.postToolBatch ? { runPostToolBatchHooks: config.hooks.postToolBatch } : {}),
    ...(config.hooks?.modelFallback ? { onModelFallback: config.hooks.modelFallback } : {}),
    ...(config.summaryModel
      ? { summarizeToolRound: createToolRoundSummarizer(callModel, config.summaryModel) }
      : {}),
  };
}

/** Subagents share the turn's model, ids and compaction; their output cap fits their model. */
export function turnSubagentRunner(inputs: TurnDepsInputs, deps: QueryDeps): SubagentRunner {
  return createSubagentRunner(turnSubagentDeps(inputs, deps));
}

/**
 * Teammates' conversations run as subagents do (the session's metered, budget-checked model,
 * so their spend is the session's), on the session's system prompt.
 */
export function turnTeammateConversations(
  inputs: TurnDepsInputs,
  deps: QueryDeps,
  mainSystemPrompt: string,
): TeammateConversationFactory {
  return createTeammateConversations(turnSubagentDeps(inputs, deps), mainSystemPrompt);
}

/** What a turn's subagents (and teammates) run with. */
function turnSubagentDeps(inputs: TurnDepsInputs, deps: QueryDeps): SubagentRunnerDeps {
  const { config } = inputs;
  // A subagent never takes the user's queued input, and answers in text, not StructuredOutput;
  // its history is its own, so what its pipeline rewrites stays there.
  const { collectAttachments: _queue, runStopHooks: _stop, microcompact: _main, ...shared } = deps;
  const { microcompact } = inputs.contextDeps;
  const stop = config.hooks?.stop;
  return {
    queryDeps: {
      ...shared,
      ...(microcompact ? { microcompact } : {}),
      ...(config.attachments ? { collectAttachments: config.attachments } : {}),
      ...(stop ? { runStopHooks: stop } : {}),
    },
    userContext: inputs.userContext,
    maxOutputTokens: (model) => requestMaxTokens(model, config.maxOutputTokens),
    ...(config.fallbackModel ? { fallbackModel: config.fallbackModel } : {}),
    newAgentId: randomUUID,
    now: inputs.now,
    ...(config.sidechain ? { sidechain: config.sidechain } : {}),
    ...(config.hooks?.subagentStart ? { onStart: config.hooks.subagentStart } : {}),
    ...(config.hooks?.forAgent ? { agentHooks: config.hooks.forAgent } : {}),
  };
}
