/** An ordered record of what tools did, that a test can wait on ("start:a" happened). */
export class EventLog {
  readonly entries: string[] = [];
  private readonly waiters = new Map<string, Array<() => void>>();

  push(entry: string): void {
    this.entries.push(entry);
    for (const resolve of this.waiters.get(entry) ?? []) resolve();
    this.waiters.delete(entry);
  }

  /** Resolves once `entry` has been recorded (at once if it already was). */
  waitFor(entry: string): Promise<void> {
    if (this.entries.includes(entry)) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.set(entry, [...(this.waiters.get(entry) ?? []), resolve]);
    });
  }
}

/** Named barriers a test opens to let a waiting tool finish. */
export class Gates {
  private readonly opened = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();

  open(name: string): void {
    this.opened.add(name);
    for (const resolve of this.waiters.get(name) ?? []) resolve();
    this.waiters.delete(name);
  }

  wait(name: string): Promise<void> {
    if (this.opened.has(name)) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.set(name, [...(this.waiters.get(name) ?? []), resolve]);
    });
  }
}

/** Resolves when the signal aborts or `other` resolves; leaves no listener behind. */
export function untilAbortedOr(signal: AbortSignal, other: Promise<void>): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([aborted, other]).finally(() => signal.removeEventListener("abort", onAbort));
}

/** Lets other pending work run: one turn of the event loop (not a timer). */
export function nextTick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
