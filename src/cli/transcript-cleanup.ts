import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Claude Code's default `cleanupPeriodDays`. */
export const DEFAULT_CLEANUP_PERIOD_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The file that says when the last cleanup ran (so it runs at most once a day). */
export const CLEANUP_STAMP = "last-cleanup";

/** What a cleanup works on. */
export interface TranscriptCleanupInputs {
  /** keel's state folder; only its `projects/` is touched. */
  stateDir: string;
  /** Transcripts last written more than this many days ago are removed. */
  periodDays: number;
  /** Milliseconds since the epoch (injected: tests move the clock). */
  now: () => number;
  /** A session never removed (the one starting, which may be an old one resumed). */
  keep?: string;
}

/** Whether a cleanup ran within the last day, by the stamp's time. */
async function ranToday(stampPath: string, now: number): Promise<boolean> {
  const text = await readFile(stampPath, "utf8").catch(() => "");
  const last = Number(text.trim());
  return Number.isFinite(last) && last > 0 && now - last < DAY_MS;
}

/** Removes the debug logs (`--debug`, debug/<session-id>.txt) last written before the cutoff. */
async function cleanDebugLogs(dir: string, cutoff: number, keep: string | undefined) {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [])) {
    if (!name.endsWith(".txt") || name === `${keep}.txt`) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}

/** Removes one project folder's old transcripts, each with its session folder; returns them. */
async function cleanProject(dir: string, cutoff: number, keep: string | undefined) {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [])) {
    if (!name.endsWith(".jsonl") || name === `${keep}.jsonl`) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
    await rm(path, { force: true });
    // The session's spilled tool results, file history and subagent transcripts go with it.
    await rm(join(dir, name.slice(0, -".jsonl".length)), { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/**
 * Removes the transcripts under `<stateDir>/projects/*` and the debug logs under
 * `<stateDir>/debug/` last written more than `periodDays` ago (Claude Code's
 * `cleanupPeriodDays`), at most once a day: the stamp file records the run. Returns the files
 * removed, or undefined when a run within the day made it wait.
 */
export async function cleanupTranscripts(
  inputs: TranscriptCleanupInputs,
): Promise<string[] | undefined> {
  const now = inputs.now();
  const stampPath = join(inputs.stateDir, CLEANUP_STAMP);
  if (await ranToday(stampPath, now)) return undefined;
  const projects = join(inputs.stateDir, "projects");
  const cutoff = now - inputs.periodDays * DAY_MS;
  const removed: string[] = [];
  for (const project of await readdir(projects).catch(() => [])) {
    removed.push(...(await cleanProject(join(projects, project), cutoff, inputs.keep)));
  }
  removed.push(...(await cleanDebugLogs(join(inputs.stateDir, "debug"), cutoff, inputs.keep)));
  await writeFile(stampPath, `${now}\n`);
  return removed;
}
