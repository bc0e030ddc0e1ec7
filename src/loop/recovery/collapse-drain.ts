import { continueWith, type FinishStep } from "../decision.js";
import { orFallback } from "../optional-dep.js";

/**
 * After a withheld prompt-too-long, commit the staged context collapses and retry. Single
 * shot: never twice in a row.
 */
export const collapseDrainRetry: FinishStep = async function* ({
  state,
  params,
  messagesForQuery,
  outcome,
}) {
  const drain = params.deps.collapseDrain;
  if (outcome.withheld?.kind !== "prompt_too_long" || !drain) return undefined;
  if (state.transition?.reason === "collapse_drain_retry") return undefined;
  const drained = await orFallback(() => drain(messagesForQuery), {
    committed: 0,
    messages: messagesForQuery,
  });
  if (drained.committed <= 0) return undefined;
  yield {
    type: "system",
    subtype: "informational",
    level: "info",
    uuid: params.deps.ids.uuid(),
    timestamp: params.deps.ids.timestamp(),
    content: `The prompt was too long: committed ${drained.committed} staged context collapses and retrying.`,
  };
  return continueWith(state, {
    messages: drained.messages,
    stopHookActive: undefined,
    transition: { reason: "collapse_drain_retry", committed: drained.committed },
  });
};
