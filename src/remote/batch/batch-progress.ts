/** Where a batch stands: what keel batch shows while it runs. */
export interface BatchProgress {
  total: number;
  /** Tasks completed (earlier runs' included). */
  completed: number;
  failed: number;
  running: number;
  /** Submitted, waiting for a worker. */
  queued: number;
  /** Not submitted yet. */
  waiting: number;
  /** Cost of the ended tasks (earlier runs' included). */
  costUsd: number;
  /** Tasks ended per minute in this run. */
  perMinute: number;
  /** Time left at this run's rate; undefined until a task has ended. */
  etaMs?: number;
}

/** The rate and ETA from how many tasks ended in this run and how long it has run. */
export function pace(endedThisRun: number, elapsedMs: number, left: number) {
  const perMinute = elapsedMs > 0 ? (endedThisRun * 60_000) / elapsedMs : 0;
  const etaMs = endedThisRun > 0 ? (left * elapsedMs) / endedThisRun : undefined;
  return { perMinute, etaMs };
}

/** A duration as "1h02m", "3m05s" or "42s". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, "0")}m`;
  if (m > 0) return `${m}m${String(sec).padStart(2, "0")}s`;
  return `${sec}s`;
}

/** One line of progress: "120/200 done · 3 failed · 25 running · 52 queued · …". */
export function progressLine(p: BatchProgress): string {
  const parts = [
    `${p.completed + p.failed}/${p.total} done`,
    `${p.failed} failed`,
    `${p.running} running`,
    `${p.queued} queued`,
  ];
  if (p.waiting > 0) parts.push(`${p.waiting} not submitted`);
  parts.push(`$${p.costUsd.toFixed(4)}`, `${p.perMinute.toFixed(1)}/min`);
  parts.push(p.etaMs === undefined ? "ETA -" : `ETA ${formatDuration(p.etaMs)}`);
  return parts.join(" · ");
}
