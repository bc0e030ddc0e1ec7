import { statSync } from "node:fs";

/** Paths stat'ed between two yields to the event loop. */
const CHUNK = 2_000;

function modifiedTime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0; // gone since it was listed: last
  }
}

/**
 * The paths sorted by modification time, newest first (ties by path, so pages are stable).
 * Sorting here instead of with ripgrep's --sortr keeps ripgrep's walk parallel: its sort makes
 * it walk single-threaded, several times slower on large trees. Synchronous stat calls are
 * several times faster than the thread-pool ones for many small files; the event loop gets a
 * turn between chunks.
 */
export async function newestFirst(paths: readonly string[]): Promise<string[]> {
  const entries: Array<{ path: string; time: number }> = [];
  for (let start = 0; start < paths.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const path of paths.slice(start, start + CHUNK))
      entries.push({ path, time: modifiedTime(path) });
  }
  entries.sort((a, b) => b.time - a.time || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return entries.map((entry) => entry.path);
}
