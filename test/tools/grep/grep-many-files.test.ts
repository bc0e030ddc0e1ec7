import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGlobTool } from "../../../src/tools/builtin/glob/glob-tool.js";
import { createGrepTool } from "../../../src/tools/builtin/grep/grep-tool.js";
import { OLD_MTIME, setMtime, writeTree } from "../glob/helpers.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "../read/helpers.js";

const temps = new TempFolders();
let cwd = "";
let paths: string[] = [];
let grep: ReturnType<typeof createGrepTool>;

// 10,000 files; every 7th one holds the word "needle".
beforeAll(async () => {
  cwd = await temps.make();
  paths = await writeTree(cwd, 10_000, (i) =>
    i % 7 === 0 ? `file ${i}\nneedle ${i}\n` : `file ${i}\n`,
  );
  await Promise.all(paths.map((p, i) => setMtime(p, OLD_MTIME + i)));
  grep = createGrepTool(toolsConfig(cwd, await temps.make()));
}, 60_000);
afterAll(() => temps.cleanup());

const needles = () => paths.filter((_, i) => i % 7 === 0);

describe("a search over 10,000 files", () => {
  it("Grep finds every matching file, newest first, and pages through them", async () => {
    const context = makeContext(cwd);
    const expected = needles().reverse();
    const first = await callTool(grep, { pattern: "needle", head_limit: 1000 }, context);
    expect(first.data).toMatchObject({ numFiles: expected.length, more: true });
    expect(first.data.mode === "files_with_matches" && first.data.filenames).toEqual(
      expected.slice(0, 1000),
    );
    const rest = await callTool(
      grep,
      { pattern: "needle", head_limit: 1000, offset: 1000 },
      context,
    );
    expect(rest.data.mode === "files_with_matches" && rest.data.filenames).toEqual(
      expected.slice(1000, 2000),
    );
  });

  it("Grep counts every match", async () => {
    const { data } = await callTool(
      grep,
      { pattern: "needle", output_mode: "count", head_limit: 0 },
      makeContext(cwd),
    );
    expect(data).toMatchObject({ numFiles: needles().length, numMatches: needles().length });
  });

  it("Grep's content mode stops at head_limit", async () => {
    const { data } = await callTool(
      grep,
      { pattern: "needle", output_mode: "content", head_limit: 10 },
      makeContext(cwd),
    );
    expect(data.mode === "content" && data.lines).toHaveLength(10);
    expect(data.more).toBe(true);
  });

  it("Glob lists the 100 newest of them", async () => {
    const glob = createGlobTool(toolsConfig(cwd, await temps.make()));
    const { data } = await callTool(glob, { pattern: "**/f*.txt" }, makeContext(cwd));
    expect(data.filenames).toEqual([...paths].reverse().slice(0, 100));
    expect(data.truncated).toBe(true);
    expect(join(cwd, "d0", "f0.txt")).toBe(paths[0]);
  });
});
