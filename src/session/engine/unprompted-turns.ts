import type { SessionEvent, UnpromptedTurn } from "./session-event.js";

/** Shows a turn nobody typed (prints it, draws it); the turn runs as its messages are read. */
export type UnpromptedTurnHandler = (turn: UnpromptedTurn) => Promise<void>;

/**
 * Where the turns that events start go: to the one handler a host subscribed, or, with none,
 * read through unseen (the turn still runs and is kept in the conversation). A handler that
 * throws ends its turn; the failure is kept for the host to take.
 */
export class UnpromptedTurns {
  private handler: UnpromptedTurnHandler | undefined;
  private failure: { error: unknown } | undefined;

  /** Subscribes the host's handler; returns the unsubscribe. One host at a time. */
  subscribe(handler: UnpromptedTurnHandler): () => void {
    if (this.handler) throw new Error("unprompted turns already have a handler");
    this.handler = handler;
    return () => {
      if (this.handler === handler) this.handler = undefined;
    };
  }

  /** Runs one turn through the handler; the turn is closed whatever the handler did. */
  async run(event: SessionEvent, messages: UnpromptedTurn["messages"]): Promise<void> {
    try {
      if (this.handler) await this.handler({ event, messages });
      else for (let step = await messages.next(); !step.done; step = await messages.next());
    } catch (error) {
      this.failure ??= { error };
    } finally {
      await messages.return(undefined);
    }
  }

  /** The first failure of a handler since the last call, if any (cleared by taking it). */
  takeFailure(): { error: unknown } | undefined {
    const failure = this.failure;
    this.failure = undefined;
    return failure;
  }
}
