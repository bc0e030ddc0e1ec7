import { createUserMessage } from "../../protocol/factories.js";
import { continueWith, type FinishStep } from "../decision.js";
import { checkTokenBudget } from "../token-budget.js";

/**
 * The user gave an output-token budget and the model stopped short of it: nudge it to keep
 * working. The only continue where the model could have stopped; never in a subagent.
 */
export const tokenBudgetContinuation: FinishStep = async function* ({
  state,
  params,
  messagesForQuery,
  outcome,
  locals,
}) {
  const budget = params.tokenBudget;
  if (budget === undefined || outcome.context.agentId !== undefined) return undefined;
  const decision = checkTokenBudget(locals.budget, budget, locals.turnOutputTokens);
  if (!decision.continue) return undefined;
  locals.budget = decision.tracker;
  const nudge = createUserMessage(decision.nudge, params.deps.ids, { isMeta: true });
  yield nudge;
  return continueWith(state, {
    messages: [...messagesForQuery, ...outcome.assistantMessages, nudge],
    toolUseContext: outcome.context,
    maxOutputTokensRecoveryCount: 0,
    hasAttemptedReactiveCompact: false,
    stopHookActive: undefined,
    transition: { reason: "token_budget_continuation" },
  });
};
