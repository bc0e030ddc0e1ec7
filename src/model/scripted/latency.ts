import { seededRandom } from "./random.js";
import type { Latency } from "./scenario-types.js";

/** The pause before each next response, in ms, drawn in order. */
export type LatencyDraw = () => number;

/**
 * The pauses of one script's responses: the fixed value every time, or whole milliseconds drawn
 * evenly from `[min, max]` by a generator seeded with `seed`, so a run repeats the same sequence.
 */
export function latencyDraws(latency: Latency): LatencyDraw {
  if (typeof latency === "number") return () => latency;
  const next = seededRandom(`latency:${latency.seed}`);
  const span = latency.max - latency.min + 1;
  return () => latency.min + Math.floor(next() * span);
}
