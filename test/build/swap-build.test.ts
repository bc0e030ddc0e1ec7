import { spawnSync } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildsFolderOf, publishBuild } from "../../scripts/swap-build.mjs";

let root = "";
let outdir = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "keel-swap-"));
  outdir = join(root, "dist");
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A build that writes a runnable program printing `label`, waiting for `ready` first. */
function buildPrinting(label: string, ready: Promise<void> = Promise.resolve()) {
  return async (folder: string) => {
    await mkdir(folder, { recursive: true });
    await ready;
    await writeFile(join(folder, "cli.js"), `console.log(${JSON.stringify(label)});\n`);
  };
}

const run = () => spawnSync(process.execPath, [join(outdir, "cli.js")], { encoding: "utf8" });

describe("publishing a build", () => {
  it("keeps the previous build runnable until the new one is complete, then swaps at once", async () => {
    await publishBuild(outdir, buildPrinting("first"));
    expect((await lstat(outdir)).isSymbolicLink()).toBe(true);
    let finish = () => {};
    const ready = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const second = publishBuild(outdir, buildPrinting("second", ready));
    // The new build's folder exists and is being written: the old program still runs.
    for (let i = 0; i < 3; i++) expect(run().stdout).toBe("first\n");
    finish();
    await second;
    expect(run().stdout).toBe("second\n");
  });

  it("turns an output folder from before the swap into a kept build", async () => {
    await mkdir(outdir);
    await writeFile(join(outdir, "old.txt"), "old\n");
    await publishBuild(outdir, buildPrinting("new"));
    expect(run().stdout).toBe("new\n");
    const builds = await readdir(buildsFolderOf(outdir));
    expect(builds).toContain("0-dist");
    expect(await readFile(join(buildsFolderOf(outdir), "0-dist", "old.txt"), "utf8")).toBe("old\n");
  });

  it("keeps the two builds before the newest for keels still running from them", async () => {
    for (const label of ["a", "b", "c", "d"]) await publishBuild(outdir, buildPrinting(label));
    const kept = await readdir(buildsFolderOf(outdir));
    expect(kept).toHaveLength(3);
    const labels = await Promise.all(
      kept.map((name) => readFile(join(buildsFolderOf(outdir), name, "cli.js"), "utf8")),
    );
    expect(labels.sort()).toEqual([
      'console.log("b");\n',
      'console.log("c");\n',
      'console.log("d");\n',
    ]);
  });
});
