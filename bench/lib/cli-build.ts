import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCli } from "../../scripts/build.mjs";

/**
 * A private build folder inside the project (so node_modules resolve for the .wasm files and
 * ripgrep) that git ignores and that other people's `npm run build` into dist/ never touches.
 */
export const BENCH_BUILD_DIR = fileURLToPath(
  new URL("../../node_modules/.cache/keel-bench/dist", import.meta.url),
);

/** The CLI to measure: `given` as is, or a fresh build of the current sources. */
export async function benchCli(given: string | undefined): Promise<string> {
  if (given !== undefined) return resolve(given);
  return buildCli(BENCH_BUILD_DIR);
}
