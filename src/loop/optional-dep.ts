/**
 * Runs one of the loop's optional dependencies; if it fails, the loop goes on with `fallback`
 * (a broken attachment source or compactor must never end a turn, let alone throw from query()).
 */
export async function orFallback<T>(run: () => Promise<T> | T, fallback: T): Promise<T> {
  try {
    return await run();
  } catch {
    return fallback;
  }
}
