import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runGrepSearch } from "../../../src/tools/builtin/grep/search.js";
import { ripgrepPath } from "../../../src/tools/builtin/ripgrep.js";

let dir = "";
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("Grep's character budget in files_with_matches mode", () => {
  it("lists only the files it collected when the budget cuts the output", async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), "keel-grep-budget-")));
    const names = ["a.txt", "b.txt", "c.txt"];
    await Promise.all(names.map((name) => writeFile(join(dir, name), "needle\n")));
    const onePath = join(dir, "a.txt").length + 1;
    const result = await runGrepSearch({
      rgPath: await ripgrepPath(),
      args: ["--no-config", "--files-with-matches", "--regexp", "needle", "--", dir],
      cwd: dir,
      env: process.env,
      signal: new AbortController().signal,
      mode: "files_with_matches",
      offset: 0,
      headLimit: 0,
      maxCollectedChars: onePath * 2 - 2, // room for one path and most of a second
    });
    if (result.mode !== "files_with_matches") throw new Error(`mode ${result.mode}`);
    expect(result.filenames).toHaveLength(1);
    expect(result.numFiles).toBe(1);
    expect(result.warning).toMatch(/cut after/);
  });
});
