import { realpath, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildCli } from "../scripts/build.mjs";
import { buildsFolderOf } from "../scripts/swap-build.mjs";

const outdir = fileURLToPath(
  new URL(`../node_modules/.cache/keel-test-build-${process.pid}`, import.meta.url),
);

/**
 * Builds the CLI once for this test run, into a folder of its own (so runs in parallel never
 * delete each other's build), and points the end-to-end tests at it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The build's real folder: tests copy it and compare paths keel prints, which are real ones.
  process.env.KEEL_TEST_BIN = await realpath(await buildCli(outdir));
  return async () => {
    await rm(outdir, { force: true });
    await rm(buildsFolderOf(outdir), { recursive: true, force: true });
  };
}
