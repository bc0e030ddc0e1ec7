/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Waits for a place; rejects if `signal` aborts first (no place is then held). */
  async acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.held < this.limit) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      const grant = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      this.waiting.push(grant);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Gives a place back: to the first waiter, else to the pool. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
