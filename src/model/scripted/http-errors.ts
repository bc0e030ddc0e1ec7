import type { HttpErrorFault } from "./faults.js";

/** An error response: status, headers and body, as the API (or its proxy) sends it. */
export interface HttpFailure {
  status: number;
  headers: Record<string, string>;
  /** A JSON body, or raw text (a proxy's page). */
  body: unknown;
}

/** The error type and message the API sends for a status. */
const DEFAULTS: Record<number, { type: string; message: string }> = {
  400: {
    type: "invalid_request_error",
    message: "There was an issue with the format or content of your request.",
  },
  401: { type: "authentication_error", message: "invalid x-api-key" },
  402: {
    type: "billing_error",
    message:
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
  },
  403: {
    type: "permission_error",
    message: "Your API key does not have permission to use the specified resource.",
  },
  404: { type: "not_found_error", message: "The requested resource could not be found." },
  409: {
    type: "conflict_error",
    message: "The request conflicts with the current state of the resource.",
  },
  413: { type: "request_too_large", message: "Request exceeds the maximum size" },
  429: {
    type: "rate_limit_error",
    message:
      "This request would exceed your organization's rate limit of 30,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.",
  },
  500: { type: "api_error", message: "Internal server error" },
  504: { type: "timeout_error", message: "Request timed out before the response was complete." },
  529: { type: "overloaded_error", message: "Overloaded" },
};

/** The HTTP status the API uses for an error type (for errors that cannot arrive mid-stream). */
export function statusForErrorType(type: string): number {
  for (const [status, entry] of Object.entries(DEFAULTS)) {
    if (entry.type === type) return Number(status);
  }
  return 500;
}

/** The API's error envelope. */
export function apiErrorBody(type: string, message: string, requestId: string): unknown {
  return { type: "error", error: { type, message }, request_id: requestId };
}

/** The body the real API sends for a status: its envelope (413 comes from the proxy, bare). */
export function defaultErrorBody(status: number, requestId: string): unknown {
  const entry = DEFAULTS[status] ?? (status >= 500 ? DEFAULTS[500]! : DEFAULTS[400]!);
  if (status === 413) return { error: { ...entry } };
  return apiErrorBody(entry.type, entry.message, requestId);
}

/** Whether the API tells clients to retry this status (its `x-should-retry` header). */
function shouldRetry(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The headers of an error response: JSON, request id, retry hint; the scenario's win. */
export function errorHeaders(
  status: number,
  requestId: string,
  extra: Record<string, string> = {},
  textBody = false,
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": textBody ? "text/plain; charset=utf-8" : "application/json",
    "x-should-retry": String(shouldRetry(status)),
  };
  if (status !== 413) headers["request-id"] = requestId;
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
  return headers;
}

/** The response an `http_error` fault gets. */
export function httpFailure(fault: HttpErrorFault, requestId: string): HttpFailure {
  const body = fault.body ?? defaultErrorBody(fault.status, requestId);
  return {
    status: fault.status,
    headers: errorHeaders(fault.status, requestId, fault.headers, typeof body === "string"),
    body,
  };
}

/** A 400 invalid_request_error (validation failures, requests past the last turn). */
export function invalidRequest(message: string, requestId: string): HttpFailure {
  return {
    status: 400,
    headers: errorHeaders(400, requestId),
    body: apiErrorBody("invalid_request_error", message, requestId),
  };
}
