import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

/** When an automatic dream may start (Claude Code's defaults; each one is a setting). */
export interface DreamThresholds {
  /** Hours since the last dream. */
  minHours: number;
  /** Sessions of this project changed since the last dream (the current one not counted). */
  minSessions: number;
  /** At most one scan of the transcripts per this many minutes. */
  scanIntervalMinutes: number;
}

export const DEFAULT_DREAM_THRESHOLDS: DreamThresholds = {
  minHours: 24,
  minSessions: 5,
  scanIntervalMinutes: 10,
};

/** The state the gate reads; the time is injected (tests never read the clock). */
export interface DreamGateInput {
  nowMs: number;
  /** The last dream's time (the lock's mtime); undefined when there never was one. */
  lastDreamMs: number | undefined;
  /** When this process last scanned the transcripts, if it did. */
  lastScanMs: number | undefined;
  /** Counts the sessions changed after a time (only called once the cheaper gates pass). */
  countSessionsSince: (sinceMs: number) => Promise<number>;
}

/** Why a dream does or does not start now. */
export type DreamGate =
  | { type: "due"; sessions: number }
  | { type: "too-soon"; hoursLeft: number }
  | { type: "scan-throttled" }
  | { type: "too-few-sessions"; sessions: number };

const HOUR_MS = 60 * 60 * 1000;

/** The cheapest gate first: time, then the scan throttle, then the session count. */
export async function checkDreamGate(
  input: DreamGateInput,
  thresholds: DreamThresholds = DEFAULT_DREAM_THRESHOLDS,
): Promise<DreamGate> {
  const since = input.lastDreamMs ?? 0;
  const elapsed = input.nowMs - since;
  if (elapsed < thresholds.minHours * HOUR_MS) {
    return { type: "too-soon", hoursLeft: (thresholds.minHours * HOUR_MS - elapsed) / HOUR_MS };
  }
  const interval = thresholds.scanIntervalMinutes * 60 * 1000;
  if (input.lastScanMs !== undefined && input.nowMs - input.lastScanMs < interval) {
    return { type: "scan-throttled" };
  }
  const sessions = await input.countSessionsSince(since);
  return sessions >= thresholds.minSessions
    ? { type: "due", sessions }
    : { type: "too-few-sessions", sessions };
}

/** The transcripts (`<id>.jsonl`) in a project folder changed after `sinceMs`, but `exclude`. */
export async function transcriptsSince(
  projectFolder: string,
  sinceMs: number,
  exclude?: string,
): Promise<string[]> {
  const names = await readdir(projectFolder).catch(() => [] as string[]);
  const recent = await Promise.all(
    names
      .filter((name) => name.endsWith(".jsonl") && name !== `${exclude}.jsonl`)
      .map(async (name) => {
        const info = await stat(join(projectFolder, name)).catch(() => undefined);
        return info && info.mtimeMs > sinceMs ? join(projectFolder, name) : undefined;
      }),
  );
  return recent.filter((path): path is string => path !== undefined);
}
