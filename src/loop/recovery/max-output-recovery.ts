import { assistantErrorKind } from "../../model/assistant-error-kind.js";
import { createSyntheticAssistantMessage, createUserMessage } from "../../protocol/factories.js";
import { continueWith, type FinishStep, terminal } from "../decision.js";
import { RESUME_AFTER_OUTPUT_LIMIT, resumeAfterCut } from "../notes.js";
import { apiErrorText } from "../stream-response.js";

/** How many times a cut-off response is continued before the turn gives up. */
export const MAX_OUTPUT_TOKENS_RECOVERY_LIMIT = 3;

/**
 * A response cut by the output limit (or by a failed stream, with no tool call) keeps what
 * it produced and goes on with a "resume directly" note, at most three times per tool round.
 * When the attempts are used up the error surfaces and the turn ends (no stop hooks after an
 * API error).
 */
export const maxOutputTokensRecovery: FinishStep = async function* ({
  state,
  messagesForQuery,
  outcome,
  params,
}) {
  const limitHit = outcome.withheld?.kind === "max_output_tokens";
  if (!limitHit && !outcome.cutOff) return undefined;
  if (state.maxOutputTokensRecoveryCount >= MAX_OUTPUT_TOKENS_RECOVERY_LIMIT) {
    if (outcome.withheld) yield outcome.withheld.message;
    else if (outcome.cutOff) {
      const { cutOff } = outcome;
      yield createSyntheticAssistantMessage(
        apiErrorText(cutOff),
        params.deps.ids,
        assistantErrorKind(cutOff.kind),
      );
    }
    return terminal({ reason: "completed" });
  }
  const attempt = state.maxOutputTokensRecoveryCount + 1;
  const note = createUserMessage(
    limitHit ? RESUME_AFTER_OUTPUT_LIMIT : resumeAfterCut(false),
    params.deps.ids,
    {
      isMeta: true,
    },
  );
  yield note;
  return continueWith(state, {
    messages: [...messagesForQuery, ...outcome.assistantMessages, note],
    toolUseContext: outcome.context,
    maxOutputTokensRecoveryCount: attempt,
    // An escalated cap stays for the continuations, so escalation happens once per round.
    maxOutputTokensOverride: state.maxOutputTokensOverride,
    transition: { reason: "max_output_tokens_recovery", attempt },
  });
};
