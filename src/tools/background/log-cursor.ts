import { stat } from "node:fs/promises";
import { type LogSlice, readLogSlice } from "./log-slice.js";

/**
 * Where the next read of one task's log starts. Each read returns only what was appended since
 * the previous one; reads run one at a time, so two readers never get the same output.
 */
export class LogCursor {
  private offset = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** Reads what is new, within `limitChars`; `final` once the writer has ended. */
  readNew(limitChars: number, final: boolean): Promise<LogSlice> {
    const next = this.queue.then(() => this.read(limitChars, final));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async read(limitChars: number, final: boolean): Promise<LogSlice> {
    const size = await stat(this.path).then(
      (found) => found.size,
      () => 0, // not created yet (the shell is still being started)
    );
    const range = { start: this.offset, end: size, final };
    const slice = await readLogSlice(this.path, range, limitChars);
    this.offset += slice.bytes;
    return slice;
  }
}
