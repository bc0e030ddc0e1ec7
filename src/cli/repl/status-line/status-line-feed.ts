/** What the feed needs: the command's run and the input of the moment. */
export interface StatusLineFeedDeps {
  run(input: unknown, signal: AbortSignal): Promise<string>;
  input(): unknown;
  now(): number;
  /** Runs start at most this often (Claude Code's 300 ms). */
  throttleMs: number;
  setTimer(run: () => void, ms: number): { cancel(): void };
}

/**
 * The status line's text, refreshed by running the command when the conversation changes:
 * one run at a time, at most one every `throttleMs`; changes meanwhile make one more run after
 * it. A run never holds the REPL up (its text arrives when it ends). An external store for React.
 */
export class StatusLineFeed {
  private text = "";
  private running = false;
  private wanted = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: { cancel(): void } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly stopping = new AbortController();

  constructor(private readonly deps: StatusLineFeedDeps) {}

  readonly get = (): string => this.text;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Something the line may show changed: run the command (now, or once the throttle allows). */
  refresh(): void {
    this.wanted = true;
    this.next();
  }

  /** Stops the running command and any run to come. */
  stop(): void {
    this.stopping.abort();
    this.timer?.cancel();
  }

  private next(): void {
    if (this.running || this.timer || !this.wanted || this.stopping.signal.aborted) return;
    const wait = this.lastStart + this.deps.throttleMs - this.deps.now();
    if (wait > 0) {
      this.timer = this.deps.setTimer(() => {
        this.timer = undefined;
        this.next();
      }, wait);
      return;
    }
    void this.runOnce();
  }

  private async runOnce(): Promise<void> {
    this.wanted = false;
    this.running = true;
    this.lastStart = this.deps.now();
    const text = await this.deps.run(this.deps.input(), this.stopping.signal).catch(() => "");
    this.running = false;
    if (this.stopping.signal.aborted) return;
    if (text !== this.text) {
      this.text = text;
      for (const listener of this.listeners) listener();
    }
    this.next();
  }
}
