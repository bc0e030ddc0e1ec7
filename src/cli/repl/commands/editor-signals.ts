import type { InterruptGuard } from "../../interrupt-guard.js";

/** Keeps keel running through the Ctrl+C and Ctrl+\ a person presses for the editor. */
export interface EditorSignalGuard {
  /** Called just before the editor starts; the function it returns, once the editor exited. */
  hold(): () => void;
}

/** The process's signal events, as far as the guard needs them (injected: tests pass an emitter). */
export interface SignalTarget {
  on(signal: "SIGINT" | "SIGQUIT", listener: () => void): unknown;
  removeListener(signal: "SIGINT" | "SIGQUIT", listener: () => void): unknown;
}

/**
 * Runs `fn` once the event loop has polled for signals at least once. A signal that came while
 * the synchronous editor ran is only delivered after it returns, in the next poll phase; the
 * second setImmediate is always behind such a poll (a first one may run before it).
 */
export function afterPendingSignals(fn: () => void): void {
  setImmediate(() => setImmediate(fn));
}

/**
 * While the editor runs, SIGINT and SIGQUIT are the editor's (a non-terminal editor such as
 * `code --wait` leaves the terminal cooked, so Ctrl+C signals keel's process group too): a
 * listener swallows each (so neither kills keel by default), and `interrupts` tells the
 * executable's SIGINT handler not to abort the session. Both last until signals sent during
 * the run were delivered.
 */
export function editorSignalGuard(
  target: SignalTarget,
  interrupts: InterruptGuard | undefined,
  defer: (fn: () => void) => void = afterPendingSignals,
): EditorSignalGuard {
  return {
    hold() {
      const swallow = () => {};
      target.on("SIGINT", swallow);
      target.on("SIGQUIT", swallow);
      const release = interrupts?.hold();
      return () =>
        defer(() => {
          release?.();
          target.removeListener("SIGINT", swallow);
          target.removeListener("SIGQUIT", swallow);
        });
    },
  };
}
