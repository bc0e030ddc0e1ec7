import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import type { YoungGenerationDeps } from "./young-generation.js";

/** The cap's reads and writes on this process's V8. */
export const v8YoungGeneration: YoungGenerationDeps = {
  size: () => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0,
  stopGrowth: () => setFlagsFromString("--semi-space-growth-factor=1"),
  schedule: (check, ms) => {
    const timer = setInterval(check, ms).unref();
    return { cancel: () => clearInterval(timer) };
  },
};
