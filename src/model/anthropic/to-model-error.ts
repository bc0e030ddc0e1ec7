import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk/core/error";
import { classifyFailure } from "../classify.js";
import { ModelError } from "../errors.js";
import { SseSyntaxError } from "./sse.js";

/** The error every cancelled request ends with. */
export function abortedError(cause?: unknown): ModelError {
  return new ModelError({ kind: "aborted" }, "the request was aborted", { cause });
}

/** An SDK status error (or in-stream error it raised) → the classified ModelError. */
function fromApiError(error: APIError): ModelError {
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

function causeCode(error: Error): string | undefined {
  const cause = error.cause;
  if (cause && typeof cause === "object" && "code" in cause) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/**
 * Converts whatever a request or its body threw into a ModelError. Facts checked, by
 * experiment with @anthropic-ai/sdk 1.14 over real HTTP: a status error is an `APIError`
 * with `status`; a refused connection is `APIConnectionError`; no headers within the timeout
 * is `APIConnectionTimeoutError`; a signal aborted before the response is
 * `APIUserAbortError`, after it a DOMException `AbortError` from the body. With keel's
 * node:http fetch (node-fetch.ts, which fails as undici does): a socket reset mid-body is a
 * `TypeError("terminated")` whose cause has code `ECONNRESET`, and a body idle past its timeout
 * one whose cause has code `UND_ERR_BODY_TIMEOUT` (both connection errors, retried); no
 * connection or no response head in time is a "fetch failed" naming a timeout, which the SDK
 * raises as `APIConnectionTimeoutError`.
 */
export function toModelError(error: unknown, signal: AbortSignal): ModelError {
  if (signal.aborted) {
    return error instanceof ModelError && error.kind === "aborted" ? error : abortedError(error);
  }
  if (error instanceof ModelError) return error;
  if (error instanceof APIUserAbortError) return abortedError(error);
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelError({ kind: "timeout" }, "the request timed out", { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const reason = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return new ModelError({ kind: "connection" }, `connection error${reason}`, { cause: error });
  }
  if (error instanceof APIError) return fromApiError(error);
  if (error instanceof SseSyntaxError) {
    return new ModelError({ kind: "malformed_stream" }, `malformed stream: ${error.message}`, {
      cause: error,
    });
  }
  if (error instanceof Error && error.name === "AbortError") {
    // The SDK aborts on its own only when its timeout fires (our signal is not aborted).
    return new ModelError({ kind: "timeout" }, "the request timed out", { cause: error });
  }
  if (error instanceof TypeError) {
    const code = causeCode(error);
    return new ModelError(
      { kind: "connection" },
      `connection lost mid-response (${error.message}${code ? `, ${code}` : ""})`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError({ kind: "other" }, `unexpected failure: ${message}`, { cause: error });
}
