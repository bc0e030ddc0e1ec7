/** A prompt waiting for the conversation: it either joins the running turn or starts its own. */
export interface QueuedInput {
  readonly prompt: string;
  readonly uuid: string;
  /** Resolves "absorbed" when a running turn took it at a tool boundary, "turn" when it owns a turn. */
  readonly settled: Promise<"absorbed" | "turn">;
}

interface Entry {
  prompt: string;
  uuid: string;
  settle: (how: "absorbed" | "turn") => void;
  settled: Promise<"absorbed" | "turn">;
}

/**
 * The turn lock and the input that waits for it (seed 002's outer loop). One turn runs at a
 * time; input that arrives meanwhile waits here until the running turn absorbs it at a tool
 * boundary or, when the turn ends first, takes the lock and runs as the next turn (FIFO).
 */
export class InputQueue {
  private readonly waiting: Entry[] = [];
  private running = false;

  /** True while a turn holds the lock. */
  get busy(): boolean {
    return this.running;
  }

  /** Prompts waiting (not yet absorbed nor started). */
  get pending(): number {
    return this.waiting.length;
  }

  /** Queues a prompt; it owns the lock at once when nothing runs and nothing waits. */
  enqueue(prompt: string, uuid: string): QueuedInput {
    let settle: Entry["settle"] = () => {};
    const settled = new Promise<"absorbed" | "turn">((resolve) => {
      settle = resolve;
    });
    const entry: Entry = { prompt, uuid, settle, settled };
    this.waiting.push(entry);
    this.grantNext();
    return { prompt, uuid, settled };
  }

  /** Takes the lock for work that is not a turn (a compaction); false when it is held. */
  tryAcquire(): boolean {
    if (this.running) return false;
    this.running = true;
    return true;
  }

  /** The running turn takes every waiting prompt (at a tool boundary). */
  drain(): Array<{ prompt: string; uuid: string }> {
    const taken = this.waiting.splice(0);
    for (const entry of taken) entry.settle("absorbed");
    return taken.map(({ prompt, uuid }) => ({ prompt, uuid }));
  }

  /** The running turn is over: the next waiting prompt, if any, owns the lock. */
  release(): void {
    this.running = false;
    this.grantNext();
  }

  private grantNext(): void {
    if (this.running) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.running = true;
    next.settle("turn");
  }
}
