/** The signal one request is sent with, and what became of it. */
export interface RequestSignal {
  readonly signal: AbortSignal;
  /** True once the headers limit passed without headers: the request was aborted for it. */
  readonly headersTimedOut: boolean;
  /** The headers arrived: stops the headers timer. */
  headersArrived(): void;
  /** The request is over: stops the timer and stops following the caller's signal. */
  release(): void;
}

/**
 * A controller for one request that follows the caller's signal (so the client's abort
 * listener goes with the request instead of piling up on a long-lived signal) and aborts the
 * request when no headers came within `headersMs`. keel times the head itself, not the SDK
 * clients: their timeout error keeps no cause, and the message should say which limit passed.
 */
export function requestSignal(caller: AbortSignal, headersMs: number): RequestSignal {
  const controller = new AbortController();
  let timedOut = false;
  const follow = () => controller.abort(caller.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no response headers within ${headersMs} ms`));
  }, headersMs);
  timer.unref(); // the socket, not the timer, keeps the process alive
  if (caller.aborted) follow();
  else caller.addEventListener("abort", follow, { once: true });
  return {
    signal: controller.signal,
    get headersTimedOut() {
      return timedOut;
    },
    headersArrived: () => clearTimeout(timer),
    release() {
      clearTimeout(timer);
      caller.removeEventListener("abort", follow);
    },
  };
}
