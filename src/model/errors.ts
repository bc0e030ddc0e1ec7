/** Details of a failed model request, classified once at the model boundary. */
export type ModelErrorInfo =
  /** The prompt has more tokens than the model's window (HTTP 400). */
  | { kind: "prompt_too_long"; actualTokens?: number; limitTokens?: number }
  /** Input plus max_tokens exceed the window: retry with a smaller max_tokens. */
  | { kind: "max_output_tokens"; inputTokens: number; maxTokens: number; limitTokens: number }
  /** The request body is too many bytes (HTTP 413). */
  | { kind: "request_too_large" }
  /** An image or document was rejected (too large, too many, unreadable). */
  | { kind: "media" }
  | { kind: "auth" }
  | { kind: "permission" }
  | { kind: "billing" }
  | { kind: "not_found" }
  /** The server is over capacity; `useFallback` once repeated overloads call for the fallback model. */
  | { kind: "overloaded"; useFallback?: boolean }
  | { kind: "rate_limit" }
  | { kind: "server" }
  /** No connection could be made: refused, a host name DNS does not know, a certificate refused. */
  | { kind: "unreachable"; cause: UnreachableCause }
  /** The connection broke or closed mid-request. */
  | { kind: "connection" }
  /** No response headers in time, or a response silent too long (timeouts.ts). */
  | { kind: "timeout" }
  | { kind: "aborted" }
  /** The server sent something that is not a valid Messages API stream. */
  | { kind: "malformed_stream" }
  | { kind: "invalid_request" }
  | { kind: "other" };

/** Why a server could not be reached: only `refused` may be worth a quick second try. */
export type UnreachableCause = "refused" | "dns" | "tls";

/** The kinds of model error. */
export type ModelErrorKind = ModelErrorInfo["kind"];

/** Facts about a failure that decide whether and when to retry. */
export interface ModelErrorOptions {
  status?: number;
  requestId?: string;
  /** The server's retry-after(-ms), in milliseconds. */
  retryAfterMs?: number;
  /** The `x-should-retry` header, which overrides the status. */
  shouldRetryHeader?: boolean;
  /** Some content blocks had completed before the stream failed. */
  afterContent?: boolean;
  cause?: unknown;
}

/** A failed model request. Providers throw nothing else. */
export class ModelError extends Error {
  readonly info: ModelErrorInfo;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly shouldRetryHeader: boolean | undefined;
  readonly afterContent: boolean;

  constructor(info: ModelErrorInfo, message: string, options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelError";
    this.info = info;
    this.status = options.status;
    this.requestId = options.requestId;
    this.retryAfterMs = options.retryAfterMs;
    this.shouldRetryHeader = options.shouldRetryHeader;
    this.afterContent = options.afterContent ?? false;
  }

  get kind(): ModelErrorKind {
    return this.info.kind;
  }

  /** The same error, marked as having happened after some blocks completed. */
  withAfterContent(): ModelError {
    return new ModelError(this.info, this.message, {
      status: this.status,
      requestId: this.requestId,
      retryAfterMs: this.retryAfterMs,
      shouldRetryHeader: this.shouldRetryHeader,
      afterContent: true,
      cause: this.cause,
    });
  }
}

/** True for a ModelError of the given kind. */
export function isModelError(error: unknown, kind?: ModelErrorKind): error is ModelError {
  return error instanceof ModelError && (kind === undefined || error.kind === kind);
}
