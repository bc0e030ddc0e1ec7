import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { decodedBody } from "./content-decoding.js";
import { bodyTimeoutError, terminated } from "./transport-errors.js";

/** A body reset before its end, when Node reported no error of its own (the same code). */
function closedMidBody(): Error {
  return Object.assign(new Error("the connection closed mid-body"), { code: "ECONNRESET" });
}

/** A timer that fails the body when no bytes arrive for `ms` while the reader wants more. */
function idleTimer(ms: number, onIdle: () => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    arm() {
      if (timer) return void timer.refresh();
      timer = setTimeout(onIdle, ms);
      timer.unref(); // the socket keeps the process alive while the body is read
    },
    refresh: () => timer?.refresh(),
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The most of a cancelled body read to its end, and for how long, before the socket is closed. */
const DRAIN_LIMIT = { bytes: 64 * 1024, ms: 250 };

/**
 * Drops the rest of a cancelled body. A stream is cancelled once its last event is in, usually
 * with only the response's end still in flight: reading that end hands the keep-alive socket
 * back for the next turn's request (closing it made every turn pay a new connection). A body
 * that keeps coming past the limit, or does not end in time, has its socket closed.
 */
function drainOrClose(response: IncomingMessage, source: Readable): void {
  if (response.readableEnded || response.destroyed) return; // the socket is already free
  let bytes = 0;
  const close = () => response.destroy();
  const timer = setTimeout(close, DRAIN_LIMIT.ms);
  timer.unref();
  response.once("close", () => clearTimeout(timer));
  response.on("data", (chunk: Buffer) => {
    bytes += chunk.byteLength;
    // Bytes already received cost no wait: only a body still arriving is cut off.
    if (bytes > DRAIN_LIMIT.bytes && !response.complete) close();
  });
  source.resume();
}

/** How a response body is read. */
export interface BodyOptions {
  /** Fail with TypeError("terminated") after this long without body bytes (undici's bodyTimeout). */
  bodyIdleTimeoutMs: number;
}

/**
 * A node:http response body as the web stream fetch would return: chunks as Uint8Array (the
 * content codings undone by `decoders`), read with back-pressure, errored with `signal.reason`
 * when the request is aborted (also before this is called) and with TypeError("terminated")
 * when the connection ends early or stays idle too long. Cancelling it drops the rest of the
 * body: a short rest is read to its end so the socket can carry the next request, a long or
 * slow one closes the socket.
 */
export function responseBody(
  response: IncomingMessage,
  decoders: Parameters<typeof decodedBody>[1],
  signal: AbortSignal,
  options: BodyOptions,
): ReadableStream<Uint8Array> {
  const source: Readable = decodedBody(response, decoders);
  let settled = false;
  let onAbort = () => {};
  let idle = idleTimer(options.bodyIdleTimeoutMs, () => {});
  const release = () => {
    settled = true;
    idle.stop();
    signal.removeEventListener("abort", onAbort);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: unknown) => {
          if (settled) return;
          release();
          controller.error(error);
          response.destroy();
        };
        idle = idleTimer(options.bodyIdleTimeoutMs, () => fail(terminated(bodyTimeoutError())));
        onAbort = () => fail(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        // An abort between the head arriving and this listener would otherwise be lost.
        if (signal.aborted) return onAbort();
        response.on("data", () => idle.refresh());
        source.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) > 0) return;
          // The reader is behind: stop reading (TCP pushes back on the server) and stop
          // timing, since the silence is ours; pull() resumes both.
          source.pause();
          idle.stop();
        });
        source.on("end", () => {
          if (settled) return;
          release();
          controller.close();
        });
        source.on("error", (error) => fail(terminated(error)));
        response.on("close", () => {
          if (!response.complete) fail(terminated(closedMidBody()));
        });
      },
      pull() {
        if (settled) return;
        idle.arm();
        source.resume();
      },
      cancel() {
        release();
        drainOrClose(response, source);
      },
    },
    { highWaterMark: 16 },
  );
}
