/** What helpers clean up after every test: their servers, managers and temp folders. */
const cleanups: Array<() => unknown> = [];

/**
 * Runs `cleanup` after every test of every file (test/setup/after-each-test.ts calls them).
 * A helper's own top-level `afterEach` would not do: test files share loaded modules
 * (`isolate: false`), so it would be registered for the first file that loads the helper only.
 */
export function afterEachTest(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/** Runs every registered cleanup, in the order the helpers registered them. */
export async function runAfterEachTest(): Promise<void> {
  for (const cleanup of cleanups) await cleanup();
}
