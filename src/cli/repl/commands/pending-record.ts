/** Where a `!cmd` record goes: the engine, when it can take messages now. */
export interface RecordTarget {
  readonly busy: boolean;
  addUserMessages?(texts: readonly string[]): void;
}

/** `!cmd` records waiting to join the conversation (a turn was running when they came). */
export class PendingRecord {
  private texts: string[] = [];

  /** Queues texts; they join at the next flush that finds the engine idle. */
  add(texts: readonly string[]): void {
    this.texts.push(...texts);
  }

  /** Adds the waiting texts to the conversation unless a turn runs (or the engine cannot). */
  flush(target: RecordTarget): void {
    if (this.texts.length === 0 || !target.addUserMessages || target.busy) return;
    target.addUserMessages(this.texts);
    this.texts = [];
  }

  /** Takes the waiting texts (they go in ahead of the prompt whose turn starts now). */
  take(): string[] {
    return this.texts.splice(0);
  }

  /** Forgets the waiting texts (the session they belonged to was left). */
  clear(): void {
    this.texts = [];
  }
}
