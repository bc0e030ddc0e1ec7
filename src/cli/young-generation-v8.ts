import { v8Module } from "./v8-module.js";
import type { YoungGenerationDeps } from "./young-generation.js";

/** What stops V8 growing the young generation (set once a run reaches the cap). */
export const STOP_GROWTH_FLAG = "--semi-space-growth-factor=1";

/** The cap's reads and writes on this process's V8. */
export const v8YoungGeneration: YoungGenerationDeps = {
  size: () =>
    v8Module()
      .getHeapSpaceStatistics()
      .find((s) => s.space_name === "new_space")?.space_size ?? 0,
  stopGrowth: () => v8Module().setFlagsFromString(STOP_GROWTH_FLAG),
  schedule: (check, ms) => {
    const timer = setInterval(check, ms).unref();
    return { cancel: () => clearInterval(timer) };
  },
};
