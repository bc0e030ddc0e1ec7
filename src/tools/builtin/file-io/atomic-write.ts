import { randomUUID } from "node:crypto";
import { chmod, chown, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Who owns a file being replaced and its permission bits, to carry over to the new file. */
export interface FileOwnership {
  /** Permission bits (e.g. 0o755). */
  mode: number;
  uid: number;
  gid: number;
}

/** The steps of an atomic write that tests may observe or fail (defaults are the real ones). */
export interface AtomicWriteSteps {
  /** A unique suffix for the temporary file's name. */
  uniqueSuffix(): string;
  /** Moves the finished temporary file over the target. */
  rename(from: string, to: string): Promise<void>;
}

/** The real steps: a random suffix and fs.rename. */
export const REAL_ATOMIC_WRITE_STEPS: AtomicWriteSteps = {
  uniqueSuffix: () => randomUUID().slice(0, 8),
  rename,
};

/** The temporary file a write to `target` goes through: beside it, so rename stays atomic. */
export function tempPathFor(target: string, suffix: string): string {
  return join(dirname(target), `.${basename(target)}.${suffix}.keel-tmp`);
}

/** Gives the temporary file the replaced file's mode and, where allowed, its owner. */
async function carryOwnership(temp: string, previous: FileOwnership): Promise<void> {
  await chmod(temp, previous.mode & 0o7777);
  // Only root may give a file away; for anyone else the owner already matches or cannot change.
  await chown(temp, previous.uid, previous.gid).catch(() => undefined);
}

/**
 * Writes `data` to `target` so that readers see either the old file or the whole new one:
 * the bytes go to a temporary file in the same folder, are flushed to disk, and the file is
 * renamed over the target. A failure at any step leaves the target untouched and removes the
 * temporary file.
 */
export async function writeFileAtomic(
  target: string,
  data: Uint8Array,
  previous: FileOwnership | undefined,
  steps: AtomicWriteSteps = REAL_ATOMIC_WRITE_STEPS,
): Promise<void> {
  const temp = tempPathFor(target, steps.uniqueSuffix());
  // "wx": never reuse a file of that name; if it exists it is not ours to write or remove.
  const handle = await open(temp, "wx");
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (previous) await carryOwnership(temp, previous);
    await steps.rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
