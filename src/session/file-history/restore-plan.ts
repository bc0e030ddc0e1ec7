import type { SnapshotRecord } from "./index-file.js";

/**
 * For each file changed at or after a turn, the snapshot holding its state before that turn:
 * its earliest snapshot from that turn on (keel did not change it between the turn's start and
 * that snapshot, which is taken before the file's first change in its turn).
 */
export function restorePlan(
  turnOrder: readonly string[],
  snapshots: readonly SnapshotRecord[],
  turnUuid: string,
): Map<string, SnapshotRecord> {
  const from = turnOrder.indexOf(turnUuid);
  const position = new Map(turnOrder.map((turn, i) => [turn, i]));
  const plan = new Map<string, SnapshotRecord>();
  for (const snapshot of snapshots) {
    const at = position.get(snapshot.turnUuid) ?? -1;
    if (at < from || plan.has(snapshot.path)) continue;
    plan.set(snapshot.path, snapshot);
  }
  return plan;
}
