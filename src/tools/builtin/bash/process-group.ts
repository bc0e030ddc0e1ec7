/** Sends a signal to a process group; injected so tests and hosts can observe it. */
export type SignalGroup = (groupId: number, signal: NodeJS.Signals | 0) => void;

/** process.kill on the negative id: the whole group. */
export const signalProcessGroup: SignalGroup = (groupId, signal) => {
  process.kill(-groupId, signal);
};

/**
 * The process group a command runs in (its shell is the leader, started detached). Stopping
 * it sends SIGTERM to every member, then SIGKILL to whatever is left after a grace period.
 */
export class ProcessGroup {
  private stopping = false;

  constructor(
    private readonly groupId: number,
    private readonly killGraceMs: number,
    private readonly signal: SignalGroup = signalProcessGroup,
  ) {}

  /** Starts stopping the group (idempotent); SIGKILL follows after the grace period. */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    if (!this.send("SIGTERM")) return;
    setTimeout(() => {
      if (this.send(0)) this.send("SIGKILL");
    }, this.killGraceMs);
  }

  /** Sends a signal; false when the group no longer exists. */
  private send(signal: NodeJS.Signals | 0): boolean {
    try {
      this.signal(this.groupId, signal);
      return true;
    } catch {
      return false;
    }
  }
}
