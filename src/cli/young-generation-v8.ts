import { createRequire } from "node:module";
import type { YoungGenerationDeps } from "./young-generation.js";

let v8: typeof import("node:v8") | undefined;

/** node:v8, loaded at the first check (a second in), not with every start of keel. */
function v8Module(): typeof import("node:v8") {
  v8 ??= createRequire(import.meta.url)("node:v8") as typeof import("node:v8");
  return v8;
}

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
