import type { ServerResponse } from "node:http";
import type { StreamEvent } from "../../protocol/events.js";
import type { StreamPlan } from "./faults.js";
import type { HttpFailure } from "./http-errors.js";
import { delayBefore, type Pacing } from "./pacing.js";
import type { Sleep } from "./sleep.js";

/** One server-sent event as the API writes it: `event:` and `data:` lines, then a blank line. */
export function formatSse(event: StreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** What a `malformed` fault sends: an event whose data line is cut off, so it is not JSON. */
export const MALFORMED_SSE =
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":\n\n';

/** How a stream's events go on the wire: server-sent events, or Bedrock's binary frames. */
export interface StreamWire {
  contentType: string;
  /** The 200 response's other headers (its request id, …). */
  headers: Record<string, string>;
  /** The bytes of the `index`th event. */
  frame(event: StreamEvent, index: number): string | Buffer;
  /** What a `malformed` fault sends before the response ends. */
  malformed: string | Buffer;
}

/** The Messages API's wire: `text/event-stream`. */
export function sseWire(requestId: string): StreamWire {
  return {
    contentType: "text/event-stream; charset=utf-8",
    headers: { "cache-control": "no-cache", "request-id": requestId },
    frame: formatSse,
    malformed: MALFORMED_SSE,
  };
}

/** Writes a JSON body with its status. */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Writes an error response (JSON, or text when the scenario gave a raw body). */
export function writeFailure(res: ServerResponse, failure: HttpFailure): void {
  res.writeHead(failure.status, failure.headers);
  res.end(typeof failure.body === "string" ? failure.body : JSON.stringify(failure.body));
}

/** Resolves once `data` has been handed to the socket, so a following destroy cannot lose it. */
function flushWrite(
  res: ServerResponse,
  data: string | Buffer,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done, { once: true });
    res.write(data, done);
  });
}

/** What a stream needs besides its plan. */
export interface StreamWriteOptions {
  wire: StreamWire;
  pacing: Pacing;
  /** Aborts when the client goes away: writing stops. */
  signal: AbortSignal;
  sleep: Sleep;
}

/**
 * Streams a plan's events on the wire given (server-sent events, or Bedrock's frames), one
 * write per event, paced as the response says, then ends the response or drops the connection
 * as the plan says. Stops quietly when the client disconnects.
 */
export async function writeStream(
  res: ServerResponse,
  plan: StreamPlan,
  options: StreamWriteOptions,
): Promise<void> {
  const wire = options.wire;
  res.writeHead(200, { "content-type": wire.contentType, ...wire.headers });
  for (const [i, event] of plan.events.entries()) {
    const delayMs = delayBefore(event, i, options.pacing);
    if (delayMs > 0) await options.sleep(delayMs, options.signal);
    if (options.signal.aborted) return;
    await flushWrite(res, wire.frame(event, i), options.signal);
  }
  if (options.signal.aborted) return;
  if (plan.ending === "disconnect") res.socket?.destroy();
  else res.end(plan.ending === "malformed" ? wire.malformed : undefined);
}
