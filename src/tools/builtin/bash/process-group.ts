/** Sends a signal to a process group; injected so tests and hosts can observe it. */
export type SignalGroup = (groupId: number, signal: NodeJS.Signals | 0) => void;

/** process.kill on the negative id: the whole group. */
export const signalProcessGroup: SignalGroup = (groupId, signal) => {
  process.kill(-groupId, signal);
};

import { untrackGroup } from "./live-groups.js";

/** How often a stopping group is checked for members left (between SIGTERM and SIGKILL). */
const POLL_MS = 25;

/**
 * The process group a command runs in (its shell is the leader, started detached). Stopping
 * it sends SIGTERM to every member, then SIGKILL to whatever is left after a grace period.
 */
export class ProcessGroup {
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly groupId: number,
    private readonly killGraceMs: number,
    private readonly signal: SignalGroup = signalProcessGroup,
  ) {}

  /**
   * Starts stopping the group (idempotent). The promise settles once no member is left, or
   * once SIGKILL has been sent after the grace period; callers that only start it may ignore it.
   */
  stop(): Promise<void> {
    this.stopped ??= this.terminate();
    return this.stopped;
  }

  private async terminate(): Promise<void> {
    try {
      if (!this.send("SIGTERM")) return;
      for (let waited = 0; waited < this.killGraceMs; waited += POLL_MS) {
        await delay(Math.min(POLL_MS, this.killGraceMs - waited));
        if (!this.send(0)) return;
      }
      this.send("SIGKILL");
    } finally {
      untrackGroup(this.groupId);
    }
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
