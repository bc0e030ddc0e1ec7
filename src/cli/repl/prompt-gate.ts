/**
 * Holds prompts back while work they must come after runs (a session switch, a `!cmd`), and
 * hands them to the engine in the order they were typed, even when one of them needs an async
 * step first (an MCP prompt's expansion).
 */
export class PromptGate {
  private readonly blockers = new Set<Promise<void>>();
  private tail: Promise<void> = Promise.resolve();

  /** True while some work holds prompts back. */
  get held(): boolean {
    return this.blockers.size > 0;
  }

  /** Holds prompts back until `work` settles; returns `work` unchanged. */
  hold<T>(work: Promise<T>): Promise<T> {
    const done = (): void => {
      this.blockers.delete(blocker);
    };
    const blocker: Promise<void> = work.then(done, done);
    this.blockers.add(blocker);
    return work;
  }

  /**
   * Waits until earlier prompts were handed over and nothing holds prompts back; the caller
   * hands its prompt over, then calls the returned function to let the next one go.
   */
  async take(): Promise<() => void> {
    const before = this.tail;
    let release: () => void = () => {};
    this.tail = new Promise((resolve) => {
      release = resolve;
    });
    await before;
    while (this.blockers.size > 0) await Promise.all(this.blockers);
    return release;
  }
}
