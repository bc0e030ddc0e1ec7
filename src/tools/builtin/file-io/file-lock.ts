/**
 * Per-file async locks: tasks on the same key run one after another, in arrival order, so a
 * read-modify-write of one file never interleaves with another (tasks on other keys run freely).
 */
export class FileLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` once every earlier task on `key` has finished; its result or error is passed on. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** How many keys have a task running or waiting (for tests: locks are released). */
  get activeKeys(): number {
    return this.tails.size;
  }
}

/**
 * The locks every Write and Edit of this process share by default: two sessions (or a session
 * and its subagent) editing one file are serialised too.
 */
export const PROCESS_FILE_LOCKS = new FileLocks();
