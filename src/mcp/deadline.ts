/**
 * Waits for `work`, but at most `ms`: past the deadline `onTimeout` runs (and is awaited, so
 * what it cleans up is gone before the caller goes on) and the wait fails with `message`.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  message: string,
  onTimeout: () => Promise<void>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), ms);
  });
  // The work may still fail after the deadline; that failure has already been reported.
  work.catch(() => {});
  try {
    const first = await Promise.race([work, expired]);
    if (first !== "expired") return first as T;
  } finally {
    clearTimeout(timer);
  }
  await onTimeout();
  throw new Error(message);
}
