import { statSync } from "node:fs";

function modifiedTime(path: string): number {
  // Gone since it was listed: last. (No exception: throwing costs more than the stat.)
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/**
 * Paths sorted by modification time, newest first (ties by path, so pages are stable), stat'ed
 * one by one as ripgrep lists them: the stat calls overlap ripgrep's walk instead of following
 * it. Sorting here instead of with ripgrep's --sortr keeps ripgrep's walk parallel: its sort
 * makes it walk single-threaded, several times slower on large trees. Synchronous stat calls
 * are several times faster than the thread-pool ones for many small files, and each batch of
 * output ripgrep hands over is small, so the event loop still gets its turns.
 */
export class NewestFirst {
  private readonly entries: Array<{ path: string; time: number }> = [];

  /** Adds a listed path, stat'ed now unless its modification time (ms) is known. */
  add(path: string, time = modifiedTime(path)): void {
    this.entries.push({ path, time });
  }

  /** How many paths were added. */
  get size(): number {
    return this.entries.length;
  }

  /** The paths, newest first. */
  sorted(): string[] {
    return pathsNewestFirst(this.entries);
  }

  /**
   * The `count` newest paths, newest first, as `sorted().slice(0, count)` gives them, without
   * sorting the rest: a numeric sort of the times finds the cut-off, and only the entries at or
   * above it (the newest, plus any that tie) are sorted by the full order.
   */
  newest(count: number): string[] {
    if (this.entries.length <= count) return this.sorted();
    if (count <= 0) return [];
    const times = Float64Array.from(this.entries, (entry) => entry.time).sort();
    const cutoff = times[times.length - count] ?? Number.NEGATIVE_INFINITY;
    const candidates = this.entries.filter((entry) => entry.time >= cutoff);
    return pathsNewestFirst(candidates).slice(0, count);
  }
}

function pathsNewestFirst(entries: Array<{ path: string; time: number }>): string[] {
  entries.sort((a, b) => b.time - a.time || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return entries.map((entry) => entry.path);
}
