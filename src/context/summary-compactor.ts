import type { CallModel, CompactionResult } from "../loop/params.js";
import type { ModelRequest } from "../model/provider.js";
import { toApiMessages } from "../protocol/api-payload.js";
import { textOf } from "../protocol/content.js";
import { createUserMessage, type IdSource } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";

/** What a summary compactor needs. */
export interface SummaryCompactorDeps {
  callModel: CallModel;
  ids: IdSource;
  /** The model that writes the summary. */
  model: () => string;
  maxSummaryTokens?: number;
}

const INSTRUCTION = `Summarize this conversation so that the work can continue from the summary alone.
Keep: the user's requests and constraints in their own words, decisions made and why, files read or changed (with paths) and the key facts learned from them, errors met and how they were fixed, the current state of the work, and the next step that was about to be taken.
Be specific and complete; leave out pleasantries. Answer with the summary only.`;

/** Estimated tokens of some messages (characters / 4), for the compact boundary's record. */
function estimateTokens(messages: readonly Message[]): number {
  return Math.ceil(JSON.stringify(toApiMessages(messages)).length / 4);
}

/**
 * A compactor that asks the model for a summary of the whole conversation (a side request
 * of kind "compact") and replaces the history with a compact boundary and that summary.
 * Returns undefined when the summary request fails.
 */
export function createSummaryCompactor(deps: SummaryCompactorDeps) {
  return async (
    messages: Message[],
    context: { abortController: AbortController },
  ): Promise<CompactionResult | undefined> => {
    const request: ModelRequest = {
      model: deps.model(),
      system: "You write faithful, dense summaries of coding-agent conversations.",
      messages: toApiMessages([...messages, createUserMessage(INSTRUCTION, deps.ids)]),
      maxTokens: deps.maxSummaryTokens ?? 20_000,
      kind: "compact",
    };
    let summary = "";
    try {
      for await (const event of deps.callModel(request, context.abortController.signal, {
        hasFallbackModel: false,
      })) {
        if (event.type === "response") summary = textOf(event.response.content);
      }
    } catch {
      return undefined;
    }
    if (summary.trim() === "") return undefined;
    const boundary: Message = {
      type: "system",
      subtype: "compact_boundary",
      uuid: deps.ids.uuid(),
      timestamp: deps.ids.timestamp(),
      compactMetadata: { trigger: "auto", preTokens: estimateTokens(messages) },
    };
    const summaryMessage = createUserMessage(
      `This session continues from an earlier conversation that was summarized because it grew too long. The summary:\n\n${summary}`,
      deps.ids,
      { isCompactSummary: true },
    );
    return { messages: [boundary, summaryMessage] };
  };
}
