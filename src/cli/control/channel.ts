import { randomUUID } from "node:crypto";
import { writeTo } from "../output.js";
import type { ControlResponseLine } from "./envelopes.js";

/** Why a request keel sent got no usable answer. */
export class ControlRequestError extends Error {}

interface Pending {
  resolve: (response: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/**
 * keel's side of the stream-json control channel: writes lines to stdout one at a time, sends
 * requests to the SDK and matches their answers by request_id. A request whose signal aborts
 * is cancelled (control_cancel_request) and a late answer to it is ignored, as the SDK expects.
 */
export class ControlChannel {
  private readonly pending = new Map<string, Pending>();
  private closedReason: string | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly stdout: NodeJS.WritableStream,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** Writes one NDJSON line; lines never interleave. */
  write(line: object): Promise<void> {
    const text = `${JSON.stringify(line)}\n`;
    this.writing = this.writing.then(
      () => writeTo(this.stdout, text),
      () => writeTo(this.stdout, text),
    );
    return this.writing;
  }

  /** Sends a request to the SDK; resolves with its success payload, rejects on its error. */
  request(request: { subtype: string } & Record<string, unknown>, signal?: AbortSignal) {
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      if (this.closedReason !== undefined) {
        reject(new ControlRequestError(this.closedReason));
        return;
      }
      if (signal?.aborted) {
        reject(new ControlRequestError("the request was cancelled"));
        return;
      }
      const id = this.newId();
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        void this.write({ type: "control_cancel_request", request_id: id });
        reject(new ControlRequestError("the request was cancelled"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => signal?.removeEventListener("abort", onAbort);
      this.pending.set(id, {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.write({ type: "control_request", request_id: id, request }).catch((error: Error) =>
        this.settle(id, (p) => p.reject(error)),
      );
    });
  }

  /** Delivers the SDK's answer; an answer to nothing pending (cancelled, unknown) is ignored. */
  answer(line: ControlResponseLine): void {
    const { response } = line;
    this.settle(response.request_id, (p) =>
      response.subtype === "success"
        ? p.resolve(response.response ?? {})
        : p.reject(new ControlRequestError(response.error)),
    );
  }

  /** stdin ended: no answer can come any more, so every open request fails now. */
  close(reason: string): void {
    this.closedReason = reason;
    for (const id of [...this.pending.keys()]) {
      this.settle(id, (p) => p.reject(new ControlRequestError(reason)));
    }
  }

  /** Requests still waiting for an answer. */
  get inFlight(): number {
    return this.pending.size;
  }

  private settle(id: string, how: (pending: Pending) => void): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    how(pending);
  }
}
