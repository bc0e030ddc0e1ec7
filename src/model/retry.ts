import { z } from "zod";
import { ModelError } from "./errors.js";
import type { ModelEvent, ModelProvider, ModelRequest } from "./provider.js";
import { backoffDelayMs, isRetryable, reducedMaxTokens, retryLimit } from "./retry-policy.js";

/** Emitted before each retry; the UI tombstones whatever the failed attempt showed. */
export interface RetryEvent {
  type: "retry";
  /** Which retry this is, from 1. */
  attempt: number;
  maxRetries: number;
  delayMs: number;
  error: ModelError;
}

/** What a retried stream yields: the provider's events, and a retry event before each retry. */
export type RetryingModelEvent = ModelEvent | RetryEvent;

/** How requests are retried; every dependency is injectable. */
export interface RetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Waits `ms`; rejects (or stops promptly) with an "aborted" ModelError when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  /** Consecutive overloaded errors after which the fallback model takes over. */
  fallbackAfterOverloads: number;
  hasFallbackModel: boolean;
}

function abortedError(): ModelError {
  return new ModelError({ kind: "aborted" }, "the request was aborted");
}

/** Sleeps for `ms`, ending at once with an "aborted" ModelError when the signal aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The defaults: Claude Code's 10 retries, 500 ms doubling up to 32 s, fallback after 3 overloads. */
export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxRetries: 10,
  baseDelayMs: 500,
  maxDelayMs: 32_000,
  sleep: sleepUnlessAborted,
  random: Math.random,
  fallbackAfterOverloads: 3,
  hasFallbackModel: false,
};

const count = z.string().trim().regex(/^\d+$/).transform(Number);

/** KEEL_RETRY_BASE_MS (tests shorten waits with it) and CLAUDE_CODE_MAX_RETRIES; invalid values are ignored. */
export function retryOptionsFromEnv(
  env: Record<string, string | undefined>,
): Partial<Pick<RetryOptions, "baseDelayMs" | "maxRetries">> {
  const base = count.safeParse(env.KEEL_RETRY_BASE_MS);
  const retries = count.safeParse(env.CLAUDE_CODE_MAX_RETRIES);
  return {
    ...(base.success ? { baseDelayMs: base.data } : {}),
    ...(retries.success ? { maxRetries: retries.data } : {}),
  };
}

/** The same failure, its message saying how many attempts were made. */
function exhausted(error: ModelError, attempts: number): ModelError {
  return new ModelError(
    error.info,
    `${error.message} (gave up after ${attempts} ${attempts === 1 ? "attempt" : "attempts"})`,
    {
      status: error.status,
      requestId: error.requestId,
      retryAfterMs: error.retryAfterMs,
      shouldRetryHeader: error.shouldRetryHeader,
      afterContent: error.afterContent,
      cause: error,
    },
  );
}

function fallbackError(error: ModelError, overloads: number): ModelError {
  return new ModelError(
    { kind: "overloaded", useFallback: true },
    `${error.message} (${overloads} overloaded errors in a row: switching to the fallback model)`,
    { status: error.status, requestId: error.requestId, cause: error },
  );
}

/** What to do after a failed attempt. */
type NextStep =
  | { kind: "throw"; error: ModelError }
  | { kind: "retry"; delayMs: number; request: ModelRequest };

/** Decides the step after attempt number `attempt` failed with `error`. */
function nextStep(
  error: ModelError,
  attempt: number,
  overloads: number,
  request: ModelRequest,
  options: RetryOptions,
): NextStep {
  if (error.kind === "aborted" || error.afterContent) return { kind: "throw", error };
  const overloaded = error.kind === "overloaded";
  if (overloaded && options.hasFallbackModel && overloads >= options.fallbackAfterOverloads) {
    return { kind: "throw", error: fallbackError(error, overloads) };
  }
  if (error.info.kind === "max_output_tokens") {
    const maxTokens = reducedMaxTokens(error.info, request.thinking);
    if (maxTokens === undefined) return { kind: "throw", error };
    if (attempt > options.maxRetries) return { kind: "throw", error: exhausted(error, attempt) };
    return { kind: "retry", delayMs: 0, request: { ...request, maxTokens } };
  }
  if (!isRetryable(error)) return { kind: "throw", error };
  if (attempt > retryLimit(error, options.maxRetries)) {
    return { kind: "throw", error: exhausted(error, attempt) };
  }
  return { kind: "retry", delayMs: backoffDelayMs(attempt, error, options), request };
}

/**
 * Streams a request, retrying failed attempts with backoff. Yields the provider's events,
 * and a `retry` event before each retry. A failure after completed blocks is rethrown at
 * once (the loop keeps those blocks); a context overflow is retried at once with a smaller
 * max_tokens; repeated overloads switch to the fallback model when there is one (a thrown
 * overloaded ModelError with `useFallback`); exhausted retries rethrow the last error.
 */
export async function* streamWithRetry(
  provider: ModelProvider,
  request: ModelRequest,
  signal: AbortSignal,
  options: Partial<RetryOptions> = {},
): AsyncGenerator<RetryingModelEvent, void, undefined> {
  // Options given as undefined keep their defaults.
  const given = Object.entries(options).filter(([, value]) => value !== undefined);
  const settings: RetryOptions = { ...DEFAULT_RETRY_OPTIONS, ...Object.fromEntries(given) };
  let current = request;
  let overloads = 0;
  let refreshed = false;
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw abortedError();
    let failure: ModelError;
    try {
      yield* provider.stream(current, signal);
      return;
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      failure = error;
    }
    overloads = failure.kind === "overloaded" ? overloads + 1 : 0;
    // A key the API refused (401) that a helper made is made again once, and sent at once.
    const refused = failure.kind === "auth" && failure.status !== undefined;
    const reauth: boolean = !refreshed && refused && provider.refreshCredentials?.() === true;
    refreshed ||= reauth;
    const step: NextStep = reauth
      ? { kind: "retry", delayMs: 0, request: current }
      : nextStep(failure, attempt, overloads, current, settings);
    if (step.kind === "throw") throw step.error;
    current = step.request;
    yield {
      type: "retry",
      attempt,
      maxRetries: retryLimit(failure, settings.maxRetries),
      delayMs: step.delayMs,
      error: failure,
    };
    if (step.delayMs > 0) await settings.sleep(step.delayMs, signal);
    if (signal.aborted) throw abortedError();
  }
}
