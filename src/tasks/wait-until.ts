/** Waits (polling) and its bounds; injected so tests and commands choose them. */
export interface Polling {
  intervalMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** setTimeout as a promise. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Checks `condition` every interval until it holds, `limitMs` of polling has passed or
 * `signal` aborts; returns whether it held. Polling counts intervals, not the clock.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  limitMs: number,
  polling: Polling,
  signal?: AbortSignal,
): Promise<boolean> {
  const sleep = polling.sleep ?? delay;
  for (let waited = 0; ; waited += polling.intervalMs) {
    if (await condition()) return true;
    if (waited >= limitMs || signal?.aborted) return false;
    await sleep(polling.intervalMs);
  }
}
