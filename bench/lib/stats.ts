/** The median of some measurements (the upper middle one for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Rounds for display and JSON: measurements are not meaningful past a few digits. */
export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Milliseconds one call of an async function takes. */
export async function timeOnce(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The timings of a subject and its baseline, and the ratio of their medians. */
export interface Comparison {
  subjectMs: number;
  baselineMs: number;
  ratio: number;
  subjectRunsMs: number[];
  baselineRunsMs: number[];
}

/**
 * Times a subject against its baseline, alternating them run by run (after one unmeasured
 * warm-up of each) so drift in the machine's load or file cache hits both alike.
 */
export async function compare(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  runs: number,
): Promise<Comparison> {
  await subject();
  await baseline();
  const subjectRunsMs: number[] = [];
  const baselineRunsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    subjectRunsMs.push(await timeOnce(subject));
    baselineRunsMs.push(await timeOnce(baseline));
  }
  const subjectMs = median(subjectRunsMs);
  const baselineMs = median(baselineRunsMs);
  return {
    subjectMs: round(subjectMs),
    baselineMs: round(baselineMs),
    ratio: round(subjectMs / baselineMs, 2),
    subjectRunsMs: subjectRunsMs.map((ms) => round(ms)),
    baselineRunsMs: baselineRunsMs.map((ms) => round(ms)),
  };
}
