import type { CompactionResult } from "../loop/params.js";
import type { IdSource } from "../protocol/factories.js";
import type { Message } from "../protocol/messages.js";
import { postCompactMessages } from "./post-compact.js";
import { latestUserPrompt } from "./rounds.js";
import { type SummariserDeps, summarise } from "./summarise.js";
import { contextTokens } from "./tokens.js";

/** What a summary compactor needs. */
export interface SummaryCompactorDeps extends SummariserDeps {
  ids: IdSource;
}

/**
 * A minimal compactor (no restored files, no guards): a summary request that always fits
 * the summariser's window (the oldest rounds are left out first), then a compact boundary,
 * the summary and the latest user request. Returns undefined when no summary comes.
 * `createCompaction` is the full version.
 */
export function createSummaryCompactor(deps: SummaryCompactorDeps) {
  return async (
    messages: Message[],
    context: { abortController: AbortController },
  ): Promise<CompactionResult | undefined> => {
    try {
      const { summary } = await summarise(deps, messages, {
        signal: context.abortController.signal,
      });
      return postCompactMessages({
        summary,
        trigger: "auto",
        preTokens: contextTokens(messages),
        latestPrompt: latestUserPrompt(messages),
        files: [],
        todos: [],
        ids: deps.ids,
      });
    } catch {
      return undefined;
    }
  };
}
