import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { classifyFailure } from "../classify.js";
import { ModelError } from "../errors.js";
import { connectTimeout, type Endpoint, transportFailure } from "../transport-failure.js";

/** The error a request gets when its signal aborts. */
export function abortedError(): ModelError {
  return new ModelError({ kind: "aborted" }, "the request was aborted");
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

/**
 * Classifies anything the OpenAI client threw, before or during a stream, into a `ModelError`
 * naming `endpoint`'s URL (connection codes are read in transport-failure.ts, as for the
 * Anthropic provider). `rawBody` is the error response's whole body when it was captured:
 * older vLLM answers with an unwrapped `{"message": …}` body, which the client's `error.error`
 * does not keep.
 */
export function toModelError(
  error: unknown,
  signal: AbortSignal,
  endpoint: Endpoint,
  rawBody?: unknown,
): ModelError {
  if (signal.aborted || error instanceof APIUserAbortError) return abortedError();
  if (error instanceof ModelError) return error;
  if (error instanceof APIConnectionTimeoutError) return connectTimeout(endpoint, error);
  if (error instanceof APIConnectionError) {
    return (
      transportFailure(error, endpoint) ??
      new ModelError(
        { kind: "connection" },
        `could not reach ${endpoint.url}: ${describe(error)}`,
        { cause: error },
      )
    );
  }
  if (error instanceof APIError) {
    return classifyFailure({
      status: error.status,
      body: rawBody ?? error.error,
      header: (name) => error.headers?.get(name),
      // The client's message starts with the status, which classifyFailure adds itself.
      fallbackMessage: error.message.replace(/^\d{3} /, ""),
      requestId: error.requestID ?? undefined,
    });
  }
  if (error instanceof SyntaxError) {
    return new ModelError(
      { kind: "malformed_stream" },
      `malformed stream: the server sent an event that is not JSON (${error.message})`,
      { cause: error },
    );
  }
  const transport = transportFailure(error, endpoint);
  if (transport) return transport;
  if (error instanceof TypeError) {
    return new ModelError(
      { kind: "connection" },
      `the connection to ${endpoint.url} failed: ${describe(error)}`,
      { cause: error },
    );
  }
  return new ModelError({ kind: "other" }, `the request failed: ${describe(error)}`, {
    cause: error,
  });
}
