/**
 * The host's prompts read from stream-json that have not reached the engine yet: a `/name`
 * being looked up, or one waiting for the running turn to end. A cancel_async_message finds
 * them here (those already in the engine's queue are the engine's to withdraw).
 */
export class HeldPrompts {
  private readonly held = new Set<string>();
  private readonly cancelled = new Set<string>();

  /** A prompt with this uuid was read. */
  hold(uuid: string): void {
    this.held.add(uuid);
  }

  /** The prompt goes on to the engine: false when it was cancelled meanwhile (it is dropped). */
  release(uuid: string): boolean {
    this.held.delete(uuid);
    return !this.cancelled.delete(uuid);
  }

  /** Cancels a held prompt; false when none with this uuid is held. */
  cancel(uuid: string): boolean {
    if (!this.held.delete(uuid)) return false;
    this.cancelled.add(uuid);
    return true;
  }
}
