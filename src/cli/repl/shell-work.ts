import { PendingRecord, type RecordTarget } from "./commands/pending-record.js";
import type { PromptGate } from "./prompt-gate.js";

/**
 * The running `!cmd`s and their records on the way into the conversation. Prompts typed while
 * a `!cmd` runs wait for it (the gate), so the model sees its output with them.
 */
export class ShellWork {
  private readonly running = new Set<AbortController>();
  private readonly pending = new PendingRecord();

  constructor(private readonly gate: PromptGate) {}

  /** Runs a `!cmd`'s work with a signal that `abort()` fires; prompts wait until it ends. */
  run(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const abort = new AbortController();
    this.running.add(abort);
    return this.gate.hold(work(abort.signal).finally(() => this.running.delete(abort)));
  }

  /** Stops every running `!cmd` (Esc, exit). */
  abort(): void {
    for (const shell of this.running) shell.abort();
  }

  /** Adds a record to the conversation now, or keeps it until the engine can take it. */
  record(texts: readonly string[], target: RecordTarget): void {
    this.pending.add(texts);
    this.pending.flush(target);
  }

  /** Adds the kept records now if the engine is idle. */
  flush(target: RecordTarget): void {
    this.pending.flush(target);
  }

  /** The kept records, taken to go in ahead of the prompt whose turn starts now. */
  take(): readonly string[] {
    return this.pending.take();
  }

  /** Forgets the kept records (their session was left). */
  clear(): void {
    this.pending.clear();
  }
}
