import type { TombstoneMessage } from "../../protocol/messages.js";
import { continueWith, type Decision, type Iteration } from "../decision.js";

/**
 * A response cut at the default output cap is retried once per turn, unchanged, with the
 * model's full cap. The partial response is discarded (tombstoned for the UI).
 */
export async function* maxOutputTokensEscalate({
  state,
  params,
  messagesForQuery,
  outcome,
}: Iteration): AsyncGenerator<TombstoneMessage, Decision | undefined, undefined> {
  if (outcome.withheld?.kind !== "max_output_tokens") return undefined;
  const escalated = params.escalatedMaxOutputTokens;
  if (escalated === undefined || state.maxOutputTokensOverride !== undefined) return undefined;
  if (escalated <= params.maxOutputTokens) return undefined;
  for (const message of outcome.assistantMessages) yield { type: "tombstone", message };
  return continueWith(state, {
    messages: messagesForQuery,
    maxOutputTokensOverride: escalated,
    transition: { reason: "max_output_tokens_escalate" },
  });
}
