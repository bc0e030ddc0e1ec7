import type { TurnInput } from "./session-event.js";

/** How queued input left the queue: taken by a running turn, given a turn, or withdrawn. */
export type Settled = "absorbed" | "turn" | "cancelled";

/** Input waiting for the conversation: it either joins the running turn or starts its own. */
export interface QueuedInput {
  readonly input: TurnInput;
  /**
   * Resolves "absorbed" when a running turn took it at a tool boundary, "turn" when it owns a
   * turn, "cancelled" when it was withdrawn before either (it is never sent).
   */
  readonly settled: Promise<Settled>;
}

interface Entry {
  input: TurnInput;
  settle: (how: Settled) => void;
}

/**
 * The turn lock and the input that waits for it (seed 002's outer loop). One turn runs at a
 * time; input that arrives meanwhile — a prompt, or an event nobody typed — waits here until
 * the running turn absorbs it at a tool boundary or, when the turn ends first, takes the lock
 * and runs as the next turn (FIFO).
 */
export class InputQueue {
  private readonly waiting: Entry[] = [];
  private running = false;
  private readonly idleWaiters: Array<() => void> = [];

  /** True while a turn holds the lock. */
  get busy(): boolean {
    return this.running;
  }

  /** Inputs waiting (not yet absorbed nor started). */
  get pending(): number {
    return this.waiting.length;
  }

  /** Queues input; it owns the lock at once when nothing runs and nothing waits. */
  enqueue(input: TurnInput): QueuedInput {
    let settle: Entry["settle"] = () => {};
    const settled = new Promise<Settled>((resolve) => {
      settle = resolve;
    });
    this.waiting.push({ input, settle });
    this.grantNext();
    return { input, settled };
  }

  /** Takes the lock for work that is not a turn (a compaction); false when it is held. */
  tryAcquire(): boolean {
    if (this.running) return false;
    this.running = true;
    return true;
  }

  /**
   * Withdraws a waiting prompt by its uuid (an SDK host's cancel_async_message); false when no
   * prompt with it waits (it was taken or started already, or never queued).
   */
  cancel(uuid: string): boolean {
    const index = this.waiting.findIndex(
      ({ input }) => input.kind === "prompt" && input.uuid === uuid,
    );
    const [entry] = index === -1 ? [] : this.waiting.splice(index, 1);
    if (!entry) return false;
    entry.settle("cancelled");
    return true;
  }

  /** The running turn takes every waiting input (at a tool boundary). */
  drain(): TurnInput[] {
    const taken = this.waiting.splice(0);
    for (const entry of taken) entry.settle("absorbed");
    return taken.map(({ input }) => input);
  }

  /** The running turn is over: the next waiting input, if any, owns the lock. */
  release(): void {
    this.running = false;
    this.grantNext();
    if (this.running) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Settles once no turn runs and no input waits (at once when that is so now). */
  whenIdle(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private grantNext(): void {
    if (this.running) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.running = true;
    next.settle("turn");
  }
}
