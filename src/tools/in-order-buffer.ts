/**
 * Releases items from several concurrent sources in source order: items of the earliest
 * unfinished source pass straight through; later sources' items wait until every earlier
 * source has finished.
 */
export class InOrderBuffer<T> {
  private current = 0;
  private readonly pending: T[][];
  private readonly finished: boolean[];

  constructor(private readonly count: number) {
    this.pending = Array.from({ length: count }, () => []);
    this.finished = Array.from({ length: count }, () => false);
  }

  /** An item arrived from `source`; returns what may be released now. */
  add(source: number, item: T): T[] {
    if (source === this.current) return [item];
    this.pending[source]!.push(item);
    return [];
  }

  /** `source` has no more items; returns what may be released now. */
  finish(source: number): T[] {
    this.finished[source] = true;
    const released: T[] = [];
    while (this.current < this.count && this.finished[this.current]) {
      this.current += 1;
      if (this.current < this.count) released.push(...this.pending[this.current]!.splice(0));
    }
    return released;
  }
}
