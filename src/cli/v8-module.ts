import { createRequire } from "node:module";

let v8: typeof import("node:v8") | undefined;

/** node:v8, loaded on first use: most runs of keel never need it, so no start loads it. */
export function v8Module(): typeof import("node:v8") {
  v8 ??= createRequire(import.meta.url)("node:v8") as typeof import("node:v8");
  return v8;
}
