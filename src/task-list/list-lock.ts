import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import lockfile from "proper-lockfile";

/** How hard a lock is tried for before it is an error (Claude Code: 30 tries, 5–100 ms apart). */
export interface LockBudget {
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}

export const TASK_LIST_LOCK_BUDGET: LockBudget = {
  retries: 30,
  minTimeoutMs: 5,
  maxTimeoutMs: 100,
};

/** A lock that could not be taken within its budget: the operation did nothing. */
export class LockBusyError extends Error {}

/**
 * Runs `work` holding the lock of `path` (a `<path>.lock` folder, safe across processes; a lock
 * left by a dead process goes stale and is taken over). The file is created first when missing,
 * as the lock needs one to stand beside.
 */
export async function withFileLock<T>(
  path: string,
  budget: LockBudget,
  work: () => Promise<T>,
): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, "", { flag: "a" });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, {
      retries: {
        retries: budget.retries,
        minTimeout: budget.minTimeoutMs,
        maxTimeout: budget.maxTimeoutMs,
        randomize: true,
      },
      stale: 10_000,
      realpath: false,
    });
  } catch (error) {
    throw new LockBusyError(
      `${path} is locked by another keel (${(error as Error).message}); nothing was changed`,
    );
  }
  try {
    return await work();
  } finally {
    await release();
  }
}
