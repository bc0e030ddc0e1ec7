import { v8Module } from "./v8-module.js";
import type { YoungGenerationDeps } from "./young-generation.js";

/** The cap's reads and writes on this process's V8. */
export const v8YoungGeneration: YoungGenerationDeps = {
  size: () =>
    v8Module()
      .getHeapSpaceStatistics()
      .find((s) => s.space_name === "new_space")?.space_size ?? 0,
  stopGrowth: () => v8Module().setFlagsFromString("--semi-space-growth-factor=1"),
  schedule: (check, ms) => {
    const timer = setInterval(check, ms).unref();
    return { cancel: () => clearInterval(timer) };
  },
};
