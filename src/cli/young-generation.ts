// Why not `node --max-semi-space-size=4` in the executable's shebang, which is what this does:
// any V8 flag that is not the default makes node's embedded code cache for its own modules not
// fit, and node then compiles every module it loads (http, crypto, streams, …) afresh: about
// 25 ms of a one-turn `keel -p` (bench/results.md, "Cold start"). V8 reads the growth factor
// each time it grows the young generation, so setting it later works; it is set only once the
// young generation has reached the cap, so a short run never changes a flag.

/** The young generation's cap: two 4 MB semi-spaces. */
export const YOUNG_GENERATION_CAP_BYTES = 8 * 1024 * 1024;

/** What the cap reads and sets (injected so tests need not change this process's V8). */
export interface YoungGenerationDeps {
  /** The young generation's current size in bytes. */
  size(): number;
  /** Stops V8 from growing it further. */
  stopGrowth(): void;
  /** Calls `check` every `ms` without keeping the process alive, until cancelled. */
  schedule(check: () => void, ms: number): { cancel(): void };
}

/**
 * Keeps the young generation at most YOUNG_GENERATION_CAP_BYTES (give or take one growth
 * between checks). Without a cap V8 grows it to 32 MB for garbage that dies young (each
 * request's body is built afresh), and a long session's RSS grows by tens of MB
 * (bench/results.md, "Memory").
 */
export function capYoungGeneration(deps: YoungGenerationDeps, checkEveryMs = 1000): void {
  const repeat = deps.schedule(() => {
    if (deps.size() < YOUNG_GENERATION_CAP_BYTES) return;
    deps.stopGrowth();
    repeat.cancel();
  }, checkEveryMs);
}
