/** A fetched page as the cache keeps it: its text, not its bytes. */
export interface CachedPage {
  /** The URL the text came from (after same-host redirects). */
  url: string;
  status: number;
  statusText: string;
  bytes: number;
  text: string;
  /** The body was cut at the size cap. */
  truncated: boolean;
}

/**
 * Pages fetched recently, by requested URL: an entry lives `ttlMs`, and past `maxEntries` the
 * least recently used one goes. `now` is injected so tests need no clock.
 */
export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; storedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(url: string): CachedPage | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    if (this.now() - entry.storedAt >= this.ttlMs) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.entries.set(url, entry);
    return entry.page;
  }

  set(url: string, page: CachedPage): void {
    this.entries.delete(url);
    this.entries.set(url, { page, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
