/** What keel knows about a file the model has read. */
export interface FileState {
  content: string;
  /** The file's modification time (ms) when it was read. */
  timestamp: number;
  /** Set when only part of the file was read. */
  offset?: number;
  limit?: number;
  /** Set by Read: the model saw this content, so an unchanged re-read can point back to it. */
  fromRead?: boolean;
}

/** Limits that keep the cache bounded in a long session. */
export interface FileStateCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Claude Code's limits: 100 files, 25 MB of content. */
export const DEFAULT_FILE_STATE_LIMITS: FileStateCacheLimits = {
  maxEntries: 100,
  maxBytes: 25 * 1024 * 1024,
};

/**
 * The files read in a session (readFileState), least recently used evicted first once the
 * entry or byte limit is passed. Keys are absolute paths.
 */
export class FileStateCache {
  private readonly entries = new Map<string, FileState>();
  private bytes = 0;

  constructor(private readonly limits: FileStateCacheLimits = DEFAULT_FILE_STATE_LIMITS) {}

  get(path: string): FileState | undefined {
    const state = this.entries.get(path);
    if (state) {
      this.entries.delete(path);
      this.entries.set(path, state);
    }
    return state;
  }

  set(path: string, state: FileState): void {
    this.delete(path);
    this.entries.set(path, state);
    this.bytes += state.content.length;
    this.evict();
  }

  delete(path: string): void {
    const previous = this.entries.get(path);
    if (!previous) return;
    this.bytes -= previous.content.length;
    this.entries.delete(path);
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** An independent copy (a subagent starts from its parent's knowledge). */
  clone(): FileStateCache {
    const copy = new FileStateCache(this.limits);
    for (const [path, state] of this.entries) copy.set(path, { ...state });
    return copy;
  }

  private evict(): void {
    for (const path of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.delete(path);
    }
  }
}
