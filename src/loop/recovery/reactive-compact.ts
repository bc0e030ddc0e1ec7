import { continueWith, type FinishStep, terminal } from "../decision.js";
import { orFallback } from "../optional-dep.js";
import { stopFailure } from "../stop-failure.js";

/**
 * After a withheld prompt-too-long or media error, compact the whole conversation once and
 * retry; when that is not possible, the withheld error surfaces and the turn ends.
 */
export const reactiveCompactRetry: FinishStep = async function* ({
  state,
  params,
  messagesForQuery,
  outcome,
}) {
  const withheld = outcome.withheld;
  if (withheld?.kind !== "prompt_too_long" && withheld?.kind !== "media") return undefined;
  const compact = params.deps.reactiveCompact;
  const signal = state.toolUseContext.abortController.signal;
  if (compact && !state.hasAttemptedReactiveCompact && !signal.aborted) {
    const result = await orFallback(() => compact(messagesForQuery, outcome.context), undefined);
    if (signal.aborted) return terminal({ reason: "aborted_streaming" });
    if (result) {
      for (const message of result.messages) yield message;
      return continueWith(state, {
        messages: result.messages,
        toolUseContext: outcome.context,
        autoCompactTracking: undefined,
        hasAttemptedReactiveCompact: true,
        transition: { reason: "reactive_compact_retry" },
      });
    }
  }
  yield withheld.message;
  await stopFailure(params, outcome.context, withheld.message);
  return terminal({ reason: withheld.kind === "media" ? "image_error" : "prompt_too_long" });
};
