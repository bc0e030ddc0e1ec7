import { readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { ProcessProbe } from "../tasks/process-probe.js";

/** The lock file of a memory folder: its body is the holder's PID, its mtime the last dream. */
export const DREAM_LOCK = ".consolidate-lock";

/** A live holder older than this is taken to be a reused PID (Claude Code's guard). */
export const DREAM_LOCK_STALE_MS = 60 * 60 * 1000;

const PidText = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]*$/)
  .transform(Number);

/** What taking the lock found. */
export type DreamLockAttempt =
  | { type: "acquired"; lock: DreamLock; tookOverFrom?: number }
  | { type: "held"; pid: number };

/** A held lock: released by stamping (success) or rolled back (failure, kill). */
export interface DreamLock {
  path: string;
  /** The lock's mtime before this dream (undefined: there was no lock file). */
  priorMtimeMs: number | undefined;
  /** Success: the mtime becomes the time of this dream (the time gate restarts from it). */
  complete(nowMs: number): Promise<void>;
  /** Failure or kill: the mtime goes back, so the time gate stays open. */
  rollback(): Promise<void>;
}

/** When the last dream of a memory folder finished (the lock's mtime), if one ever did. */
export async function lastDreamAt(memoryDir: string): Promise<number | undefined> {
  const info = await stat(join(memoryDir, DREAM_LOCK)).catch(() => undefined);
  // A lock at time 0 belongs to a first dream that has not finished (or was killed).
  return info && info.mtimeMs > 0 ? info.mtimeMs : undefined;
}

async function readHolder(path: string): Promise<{ pid?: number; mtimeMs: number } | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  const parsed = PidText.safeParse(await readFile(path, "utf8").catch(() => ""));
  return {
    ...(parsed.success && parsed.data > 0 ? { pid: parsed.data } : {}),
    mtimeMs: info.mtimeMs,
  };
}

/**
 * Takes `<memory>/.consolidate-lock` for `pid`: free, or held by a dead PID (a SIGKILLed dream),
 * or by a live one for over an hour (a reused PID), it is taken; a live holder keeps it. The
 * PID is written and read back, so of two takers at once only one wins.
 */
export async function acquireDreamLock(
  memoryDir: string,
  pid: number,
  probe: Pick<ProcessProbe, "alive">,
  nowMs: number,
): Promise<DreamLockAttempt> {
  const path = join(memoryDir, DREAM_LOCK);
  const before = await readHolder(path);
  const live = before?.pid !== undefined && before.pid !== pid && probe.alive(before.pid);
  if (live && before && nowMs - before.mtimeMs < DREAM_LOCK_STALE_MS) {
    return { type: "held", pid: before.pid as number };
  }
  await writeFile(path, `${pid}\n`);
  const after = await readHolder(path);
  if (after?.pid !== pid) return { type: "held", pid: after?.pid ?? 0 };
  const priorMtimeMs = before?.mtimeMs;
  // Until it completes, the lock keeps the prior time: a killed dream leaves the gate as it was.
  await setMtime(path, priorMtimeMs ?? 0);
  const lock: DreamLock = {
    path,
    priorMtimeMs,
    complete: (doneMs) => setMtime(path, doneMs),
    rollback: () =>
      priorMtimeMs === undefined ? rm(path, { force: true }) : setMtime(path, priorMtimeMs),
  };
  return before?.pid !== undefined && before.pid !== pid
    ? { type: "acquired", lock, tookOverFrom: before.pid }
    : { type: "acquired", lock };
}

async function setMtime(path: string, ms: number): Promise<void> {
  const seconds = ms / 1000;
  await utimes(path, seconds, seconds);
}
