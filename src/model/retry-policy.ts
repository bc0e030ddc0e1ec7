import type { ApiThinkingConfig } from "../protocol/api.js";
import type { ModelError, ModelErrorInfo, ModelErrorKind } from "./errors.js";

/** Failures that a second identical request cannot fix. */
const NEVER_RETRIED = new Set<ModelErrorKind>([
  "aborted",
  "prompt_too_long",
  "invalid_request",
  "auth",
  "permission",
  "request_too_large",
  "not_found",
  "media",
  "billing",
]);

/** Transient failures: capacity, limits, servers, the network, a garbled stream. */
const RETRIED = new Set<ModelErrorKind>([
  "overloaded",
  "rate_limit",
  "server",
  "connection",
  "timeout",
  "malformed_stream",
]);

/**
 * Retries of a refused connection: a server starting up answers within seconds, one that is
 * down stays down, so two quick retries (each wait at most 2 s) and then the error.
 */
export const REFUSED_RETRIES = 2;
const REFUSED_MAX_DELAY_MS = 2_000;

/** The smallest max_tokens worth retrying a context overflow with (as Claude Code). */
export const MIN_RETRY_MAX_TOKENS = 3000;

/** Room kept free of the window when shrinking max_tokens after an overflow. */
const OVERFLOW_MARGIN_TOKENS = 1000;

/**
 * Whether the same request should be sent again. Nothing that failed after blocks completed
 * (the loop keeps those), nor an abort; a server that could not be reached only when it
 * refused (an unknown host name or a refused certificate stays so); otherwise the server's
 * `x-should-retry` decides when sent; then the kind; then the status (408, 409, 429, 5xx),
 * as the official SDKs do.
 */
export function isRetryable(error: ModelError): boolean {
  if (error.kind === "aborted" || error.afterContent) return false;
  if (error.info.kind === "unreachable") return error.info.cause === "refused";
  if (error.shouldRetryHeader !== undefined) return error.shouldRetryHeader;
  if (NEVER_RETRIED.has(error.kind)) return false;
  if (RETRIED.has(error.kind)) return true;
  const status = error.status;
  if (status === undefined) return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** How many retries `error` gets: at most REFUSED_RETRIES for a refused connection. */
export function retryLimit(error: ModelError, maxRetries: number): number {
  return error.info.kind === "unreachable" ? Math.min(REFUSED_RETRIES, maxRetries) : maxRetries;
}

/** How backoff delays are computed. */
export interface BackoffSettings {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A number in [0, 1): the jitter. */
  random: () => number;
}

/**
 * Milliseconds to wait before retry number `retry` (1-based): the server's retry-after when
 * it sent one, else `min(base·2^(retry−1), max)` plus up to 25 % jitter; at most 2 s for a
 * refused connection.
 */
export function backoffDelayMs(
  retry: number,
  error: ModelError,
  settings: BackoffSettings,
): number {
  if (error.retryAfterMs !== undefined) return Math.max(0, Math.round(error.retryAfterMs));
  const exponential = Math.min(settings.baseDelayMs * 2 ** (retry - 1), settings.maxDelayMs);
  const delay = Math.round(exponential + settings.random() * 0.25 * exponential);
  return error.info.kind === "unreachable" ? Math.min(delay, REFUSED_MAX_DELAY_MS) : delay;
}

/**
 * The max_tokens to retry a context overflow with (input + max_tokens > window): what fits
 * with a margin, at least 3000. Undefined when even that does not fit, or when it would not
 * leave room for the thinking budget (the API wants max_tokens above it).
 */
export function reducedMaxTokens(
  overflow: Extract<ModelErrorInfo, { kind: "max_output_tokens" }>,
  thinking: ApiThinkingConfig | undefined,
): number | undefined {
  const available = overflow.limitTokens - overflow.inputTokens - OVERFLOW_MARGIN_TOKENS;
  if (available < MIN_RETRY_MAX_TOKENS) return undefined;
  const maxTokens = Math.max(MIN_RETRY_MAX_TOKENS, available);
  if (thinking?.type === "enabled" && thinking.budget_tokens >= maxTokens) return undefined;
  return maxTokens;
}
