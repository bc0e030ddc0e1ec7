import type { FileStateCache } from "../../tools/file-state-cache.js";

/**
 * Remembers which readFileState paths have been handled, so each attachment pass learns the
 * paths Read (or a write) added since the last pass that handled its paths.
 */
export class ReadPathTracker {
  private readonly seen = new Set<string>();

  /** The paths in the cache not yet marked seen, in cache order. */
  newPaths(cache: FileStateCache): string[] {
    return [...cache.keys()].filter((path) => !this.seen.has(path));
  }

  /** Marks paths handled (done after their memory was attached, so a failed pass retries them). */
  markSeen(paths: readonly string[]): void {
    for (const path of paths) this.seen.add(path);
  }
}
