/** Polls `check` until it passes (bounded); rethrows its last failure when time runs out. */
export async function eventually(check: () => void, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Lets Ink handle one key before the next is written (it reads back-to-back writes as one). */
export function nextTick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}
