import type { ApiErrorBody, StreamEvent } from "../../protocol/events.js";
import { encodeEventMessage } from "./event-stream.js";
import { type HttpFailure, statusForErrorType } from "./http-errors.js";
import type { StreamWire } from "./server-write.js";

/** Bedrock's error type for an HTTP status (its `x-amzn-errortype` header). */
const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "ValidationException",
  403: "AccessDeniedException",
  404: "ResourceNotFoundException",
  408: "ModelTimeoutException",
  413: "ValidationException",
  424: "ModelErrorException",
  429: "ThrottlingException",
  500: "InternalServerException",
  503: "ServiceUnavailableException",
  529: "ServiceUnavailableException",
};

/** The exception a mid-stream Anthropic error becomes in Bedrock's event stream. */
const STREAM_EXCEPTIONS: Readonly<Record<string, string>> = {
  invalid_request_error: "validationException",
  rate_limit_error: "throttlingException",
  api_error: "internalServerException",
  overloaded_error: "serviceUnavailableException",
  timeout_error: "modelTimeoutException",
};

function errorTypeFor(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? "InternalServerException" : "ValidationException");
}

function messageOf(body: unknown): string {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === "string" ? error.message : "";
}

/**
 * An error response as Bedrock sends it: the same status, `{"message": …}` and the error type
 * in `x-amzn-errortype`. A raw text body (a proxy's page) is sent as it is.
 */
export function bedrockFailure(failure: HttpFailure, amznRequestId: string): HttpFailure {
  // The Messages API's own headers (its request id, its retry hint) are not Bedrock's.
  const { "request-id": _id, "x-should-retry": _retry, ...headers } = failure.headers;
  const errorType = errorTypeFor(failure.status);
  return {
    status: failure.status,
    headers: {
      ...headers,
      "x-amzn-requestid": amznRequestId,
      "x-amzn-errortype": `${errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    },
    body: typeof failure.body === "string" ? failure.body : { message: messageOf(failure.body) },
  };
}

function exceptionFrame(error: ApiErrorBody): Buffer {
  const exception = STREAM_EXCEPTIONS[error.type];
  const payload = exception
    ? { message: error.message }
    : {
        message: `Model stream error: ${error.message}`,
        originalStatusCode: statusForErrorType(error.type),
        originalMessage: error.message,
      };
  const headers = {
    ":exception-type": exception ?? "modelStreamErrorException",
    ":content-type": "application/json",
    ":message-type": "exception",
  };
  return encodeEventMessage(headers, Buffer.from(JSON.stringify(payload), "utf8"));
}

/** Bedrock pads each chunk with a `p` field of varying length, so sizes do not give away content. */
function padding(index: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return letters.slice(0, 1 + ((index * 7) % letters.length));
}

/**
 * One Anthropic event as Bedrock streams it: a `chunk` event whose JSON payload holds the
 * event's JSON, base64-encoded, in `bytes`. An `error` event becomes an exception message.
 */
export function bedrockFrame(event: StreamEvent, index: number, corrupt = false): Buffer {
  if (event.type === "error") return exceptionFrame(event.error);
  const bytes = Buffer.from(JSON.stringify(event), "utf8").toString("base64");
  const payload = JSON.stringify({ bytes, p: padding(index) });
  const headers = {
    ":event-type": "chunk",
    ":content-type": "application/json",
    ":message-type": "event",
  };
  return encodeEventMessage(headers, Buffer.from(payload, "utf8"), corrupt);
}

/**
 * How Bedrock's InvokeModelWithResponseStream writes a stream: event-stream frames; a
 * `malformed` fault sends a frame whose checksum is wrong.
 */
export function bedrockWire(amznRequestId: string): StreamWire {
  return {
    contentType: "application/vnd.amazon.eventstream",
    headers: {
      "x-amzn-requestid": amznRequestId,
      "x-amzn-bedrock-content-type": "application/json",
    },
    frame: (event, index) => bedrockFrame(event, index),
    malformed: bedrockFrame({ type: "ping" }, 0, true),
  };
}
