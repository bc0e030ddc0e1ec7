import * as bundledErrors from "@anthropic-ai/sdk/core/error";
import { classifyFailure } from "../classify.js";
import { ModelError } from "../errors.js";
import { connectTimeout, type Endpoint, transportFailure } from "../transport-failure.js";
import { SseSyntaxError } from "./sse.js";

/**
 * The SDK's error classes a client throws. A cloud provider's package is loaded from
 * node_modules with its own copy of the SDK (model/cloud/), so its errors are instances of that
 * copy's classes, not of the ones bundled here.
 */
export type SdkErrors = Pick<
  typeof bundledErrors,
  "APIConnectionError" | "APIConnectionTimeoutError" | "APIError" | "APIUserAbortError"
>;

/** The error every cancelled request ends with. */
export function abortedError(cause?: unknown): ModelError {
  return new ModelError({ kind: "aborted" }, "the request was aborted", { cause });
}

/** An SDK status error (or in-stream error it raised) → the classified ModelError. */
function fromApiError(error: bundledErrors.APIError): ModelError {
  const status = error.status;
  // A body that was not JSON reaches the SDK message as "<status> <text>"; keep only the text.
  const prefix = `${status} `;
  const text = error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message;
  return classifyFailure({
    status,
    body: error.error,
    header: (name) => error.headers?.get(name),
    fallbackMessage: text || undefined,
    requestId: error.requestID ?? undefined,
  });
}

/**
 * Converts whatever a request or its body threw into a ModelError. Facts checked, by
 * experiment with @anthropic-ai/sdk 1.14 over real HTTP: a status error is an `APIError`
 * with `status`; a signal aborted before the response is `APIUserAbortError`, after it a
 * DOMException `AbortError` from the body. With keel's node:http fetch (node-fetch.ts, which
 * fails as undici does): a refused connection, an unknown host or a refused certificate is an
 * `APIConnectionError` whose cause chain carries the system or TLS code; a socket reset
 * mid-body is a `TypeError("terminated")` whose cause has code `ECONNRESET`, and a body idle
 * past its limit one whose cause has code `UND_ERR_BODY_TIMEOUT`; no connection in time is a
 * "fetch failed" naming a timeout, which the SDK raises as `APIConnectionTimeoutError`
 * (keeping no cause). Codes are read in transport-failure.ts; messages name `endpoint`'s URL.
 */
export function toModelError(
  error: unknown,
  signal: AbortSignal,
  endpoint: Endpoint,
  errors: SdkErrors = bundledErrors,
): ModelError {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = errors;
  if (signal.aborted) {
    return error instanceof ModelError && error.kind === "aborted" ? error : abortedError(error);
  }
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return abortedError(error);
  if (error instanceof APIConnectionTimeoutError) return connectTimeout(endpoint, error);
  if (error instanceof APIConnectionError) {
    const reason = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return (
      transportFailure(error, endpoint) ??
      new ModelError({ kind: "connection" }, `connection error at ${endpoint.url}${reason}`, {
        cause: error,
      })
    );
  }
  if (error instanceof APIError) return fromApiError(error);
  if (error instanceof SseSyntaxError) {
    return new ModelError({ kind: "malformed_stream" }, `malformed stream: ${error.message}`, {
      cause: error,
    });
  }
  if (error instanceof Error && error.name === "AbortError") {
    // The SDK aborts on its own only when its timeout fires (our signal is not aborted).
    return new ModelError({ kind: "timeout" }, `the request to ${endpoint.url} timed out`, {
      cause: error,
    });
  }
  if (error instanceof TypeError) {
    return (
      transportFailure(error, endpoint) ??
      new ModelError(
        { kind: "connection" },
        `connection to ${endpoint.url} lost mid-response (${error.message})`,
        { cause: error },
      )
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError({ kind: "other" }, `unexpected failure: ${message}`, { cause: error });
}
