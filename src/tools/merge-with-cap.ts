/** A value from one of several merged sources, tagged with the source's position. */
export interface Tagged<T> {
  source: number;
  value: T;
}

type Step<T> = { source: number; result: IteratorResult<T, unknown> };

/**
 * Runs async iterators concurrently, at most `cap` at a time (the next one starts when one
 * finishes), yielding their values as they come, tagged with the iterator's position.
 * A cap below 1 (or NaN) is treated as 1. Stopping early returns every started iterator.
 */
export async function* mergeWithCap<T>(
  sources: readonly AsyncIterator<T, unknown, undefined>[],
  cap: number,
): AsyncGenerator<Tagged<T>, void, undefined> {
  const limit = Number.isNaN(cap) ? 1 : Math.max(cap, 1);
  const running = new Map<number, Promise<Step<T>>>();
  let started = 0;
  const pull = (source: number) => {
    const step = sources[source]!.next().then((result) => ({ source, result }));
    running.set(source, step);
  };
  const fill = () => {
    while (running.size < limit && started < sources.length) pull(started++);
  };
  try {
    fill();
    while (running.size > 0) {
      const { source, result } = await Promise.race(running.values());
      if (result.done) {
        running.delete(source);
        fill();
        continue;
      }
      pull(source);
      yield { source, value: result.value };
    }
  } finally {
    // Not awaited: a source stuck in a call must not keep the consumer waiting.
    for (const source of running.keys()) void sources[source]!.return?.()?.catch(() => undefined);
  }
}
