/**
 * The process groups of shells keel started that may still have members. A process that is
 * about to exit kills them all (SIGKILL), so no command outlives keel by accident — even when a
 * second Ctrl+C cuts the orderly stop short.
 */
const live = new Set<number>();

/** A shell started as the leader of group `groupId`. */
export function trackGroup(groupId: number): void {
  live.add(groupId);
}

/** The group is gone (or has been killed): forget it, so a reused id is never signalled. */
export function untrackGroup(groupId: number): void {
  live.delete(groupId);
}

/** True while any member of the group is alive. */
export function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills every group still tracked; called right before the process exits. */
export function killLiveGroups(): void {
  for (const groupId of live) {
    try {
      process.kill(-groupId, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  live.clear();
}
