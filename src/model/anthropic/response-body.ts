import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { decodedBody } from "./content-decoding.js";
import { bodyTimeoutError, terminated } from "./transport-errors.js";

/** A body reset before its end, when Node reported no error of its own (the same code). */
function closedMidBody(): Error {
  return Object.assign(new Error("the connection closed mid-body"), { code: "ECONNRESET" });
}

/** A timer that fails the body when no bytes arrive for `ms` while reading is not paused. */
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

/** Chunks queued before the socket is paused (the web stream's high-water mark it replaces). */
const HIGH_WATER_CHUNKS = 16;

/** A read as a web stream reader gives it. */
export type ChunkRead = { done: false; value: Uint8Array } | { done: true; value: undefined };

/** What a pending read settles with. */
interface PendingRead {
  resolve(read: ChunkRead): void;
  reject(error: unknown): void;
}

/**
 * A node:http response body read chunk by chunk, as a web stream reader reads one: chunks as
 * Uint8Array (the content codings undone), read with back-pressure, failed with
 * `signal.reason` when the request is aborted (also before this is made) and with
 * TypeError("terminated") when the connection ends early or stays idle too long. Cancelling it
 * drops the rest of the body: a short rest is read to its end so the socket can carry the next
 * request, a long or slow one closes the socket. keel's own stream reader reads this directly;
 * anything else gets it as a web ReadableStream (web-response.ts), which costs a promise chain
 * per chunk.
 */
export class BodyChunks {
  readonly #response: IncomingMessage;
  readonly #source: Readable;
  readonly #signal: AbortSignal;
  readonly #idle: ReturnType<typeof idleTimer>;
  readonly #queue: Uint8Array[] = [];
  #pending: PendingRead | undefined;
  #done = false;
  #failure: { error: unknown } | undefined;
  #paused = false;

  constructor(
    response: IncomingMessage,
    decoders: Parameters<typeof decodedBody>[1],
    signal: AbortSignal,
    options: BodyOptions,
  ) {
    this.#response = response;
    this.#signal = signal;
    this.#source = decodedBody(response, decoders);
    this.#idle = idleTimer(options.bodyIdleTimeoutMs, () =>
      this.#fail(terminated(bodyTimeoutError())),
    );
    signal.addEventListener("abort", this.#onAbort, { once: true });
    // An abort between the head arriving and this listener would otherwise be lost.
    if (signal.aborted) {
      this.#onAbort();
      return;
    }
    this.#idle.arm();
    response.on("data", () => this.#idle.refresh());
    this.#source.on("data", (chunk: Buffer) => this.#push(chunk));
    this.#source.on("end", () => this.#end());
    this.#source.on("error", (error) => this.#fail(terminated(error)));
    response.on("close", () => {
      if (!response.complete) this.#fail(terminated(closedMidBody()));
    });
  }

  /**
   * The next chunk, or done at the body's end (and after a cancel); rejects once it failed.
   * One read at a time, as a stream reader's caller awaits each.
   */
  read(): Promise<ChunkRead> {
    if (this.#failure) return Promise.reject(this.#failure.error);
    if (this.#pending)
      return Promise.reject(new TypeError("a read of this body is already pending"));
    const chunk = this.#queue.shift();
    if (chunk !== undefined) {
      if (this.#paused && this.#queue.length < HIGH_WATER_CHUNKS) this.#resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.#done) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
    });
  }

  /** Drops the rest of the body (a pending read ends as done); rejects once it failed. */
  cancel(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure.error);
    this.#queue.length = 0; // reads after a cancel are done, even of chunks already in
    if (this.#done) return Promise.resolve();
    this.#settle();
    this.#takePending()?.resolve({ done: true, value: undefined });
    drainOrClose(this.#response, this.#source);
    return Promise.resolve();
  }

  readonly #onAbort = () => this.#fail(this.#signal.reason);

  #push(chunk: Buffer): void {
    if (this.#done) return;
    const value = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const pending = this.#takePending();
    if (pending) {
      pending.resolve({ done: false, value });
      return;
    }
    this.#queue.push(value);
    if (this.#queue.length < HIGH_WATER_CHUNKS) return;
    // The reader is behind: stop reading (TCP pushes back on the server) and stop timing,
    // since the silence is ours; reading on resumes both.
    this.#paused = true;
    this.#source.pause();
    this.#idle.stop();
  }

  #resume(): void {
    this.#paused = false;
    this.#idle.arm();
    this.#source.resume();
  }

  #end(): void {
    if (this.#done) return;
    this.#settle();
    this.#takePending()?.resolve({ done: true, value: undefined });
  }

  #fail(error: unknown): void {
    if (this.#done) return;
    this.#settle();
    this.#failure = { error };
    this.#queue.length = 0;
    this.#takePending()?.reject(error);
    this.#response.destroy();
  }

  #settle(): void {
    this.#done = true;
    this.#idle.stop();
    this.#signal.removeEventListener("abort", this.#onAbort);
  }

  #takePending(): PendingRead | undefined {
    const pending = this.#pending;
    this.#pending = undefined;
    return pending;
  }
}
