import { createNodeFetch } from "../../model/anthropic/node-fetch.js";
import { transportFailure } from "../../model/transport-failure.js";

/** What one request to the model's server got: an HTTP answer, or why there was none. */
export type ProbeAnswer =
  | { kind: "answered"; status: number; message?: string }
  | { kind: "unanswered"; cause: string; text: string };

/** A request to send: where, how, and how long to wait. */
export interface ProbeRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** The error message an API puts in its body (`{"error": {"message": …}}`), if any. */
function errorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === "string" ? body.error : body.error?.message;
    return typeof message === "string" ? message : undefined;
  } catch {
    return text.trim().slice(0, 200) || undefined;
  }
}

/**
 * Why a request got no answer: the system's code (ECONNREFUSED, ENOTFOUND, …) and the line keel's
 * model calls would end with for it (transport-failure.ts), which names the URL.
 */
function unanswered(error: unknown, request: ProbeRequest): ProbeAnswer {
  if (error instanceof Error && error.name === "TimeoutError") {
    const text = `no answer from ${request.url} within ${request.timeoutMs} ms`;
    return { kind: "unanswered", cause: "timeout", text };
  }
  const timeouts = { headersMs: request.timeoutMs, idleMs: request.timeoutMs };
  const failure = transportFailure(error, { url: request.url, timeouts });
  const text = failure?.message ?? (error instanceof Error ? error.message : String(error));
  return { kind: "unanswered", cause: text.split(" ")[0] ?? text, text };
}

/**
 * Sends one request (over keel's own fetch by default, which is what its model calls use) and
 * reports the HTTP status (and the API's error message) or the network's cause.
 */
export async function probe(
  request: ProbeRequest,
  send: typeof fetch = createNodeFetch({
    connectTimeoutMs: request.timeoutMs,
    headersTimeoutMs: request.timeoutMs,
  }),
): Promise<ProbeAnswer> {
  try {
    const response = await send(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = await response.text();
    if (response.ok) return { kind: "answered", status: response.status };
    const message = errorMessage(text);
    return { kind: "answered", status: response.status, ...(message ? { message } : {}) };
  } catch (error) {
    return unanswered(error, request);
  }
}
