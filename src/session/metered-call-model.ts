import type { CallModel } from "../loop/params.js";
import type { ModelProvider } from "../model/provider.js";
import { type RetryOptions, streamWithRetry } from "../model/retry.js";
import type { UsageTracker } from "./usage-tracker.js";

/**
 * The loop's model call, with retries, booking the usage and API time of every response on
 * the session's tracker — main requests, and side requests too (compaction, tool-round labels,
 * subagents), so cost and usage are the session's whole spend.
 */
export function createMeteredCallModel(
  provider: ModelProvider,
  retry: Partial<RetryOptions>,
  tracker: UsageTracker,
  now: () => number,
): CallModel {
  return async function* meteredCallModel(request, signal, options) {
    let startedAt = now();
    try {
      for await (const event of streamWithRetry(provider, request, signal, {
        ...retry,
        hasFallbackModel: options.hasFallbackModel,
        ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      })) {
        if (event.type === "response") tracker.add(event.response.model, event.response.usage, 0);
        if (event.type === "retry") {
          // The wait before the next attempt is not time spent in the API.
          tracker.addApiTime(now() - startedAt);
          startedAt = now() + event.delayMs;
        }
        yield event;
      }
    } finally {
      tracker.addApiTime(Math.max(0, now() - startedAt));
    }
  };
}
