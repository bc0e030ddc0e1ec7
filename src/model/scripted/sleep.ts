/**
 * Waits `ms` milliseconds, or less when `signal` aborts (it resolves then; the caller checks
 * the signal). Injected wherever the scripted model waits, so tests can replace it.
 */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** The real-timer `Sleep`. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted || ms <= 0) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
