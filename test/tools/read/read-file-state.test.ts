import { utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FILE_UNCHANGED_NOTE } from "../../../src/tools/builtin/read/output.js";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

async function setup(body: string) {
  const cwd = await temps.make();
  const path = join(cwd, "notes.txt");
  await writeFile(path, body);
  await utimes(path, 1_700_000_000, 1_700_000_000);
  const cache = new FileStateCache();
  const tool = createReadTool(toolsConfig(cwd, await temps.make()));
  return { path, cache, tool, context: makeContext(cwd, { readFileState: cache }) };
}

const MTIME_MS = 1_700_000_000_000;

describe("Read records what the model saw in readFileState", () => {
  it("records a whole read as the full text (LF line ends) with the file's mtime", async () => {
    const { path, cache, tool, context } = await setup("a\r\nb\r\n");
    await callTool(tool, { file_path: path }, context);
    expect(cache.get(path)).toEqual({ content: "a\nb", timestamp: MTIME_MS, fromRead: true });
  });

  it("records a read of part of a file with its offset and limit", async () => {
    const { path, cache, tool, context } = await setup("1\n2\n3\n4\n5\n");
    await callTool(tool, { file_path: path, offset: 2, limit: 2 }, context);
    expect(cache.get(path)).toEqual({
      content: "2\n3",
      timestamp: MTIME_MS,
      offset: 2,
      limit: 2,
      fromRead: true,
    });
  });

  it("records a read cut by the default window as partial", async () => {
    const lines = Array.from({ length: 2100 }, (_, i) => String(i + 1));
    const { path, cache, tool, context } = await setup(`${lines.join("\n")}\n`);
    await callTool(tool, { file_path: path }, context);
    expect(cache.get(path)).toMatchObject({ offset: 1, limit: 2000, fromRead: true });
  });

  it("records a range that covered the whole file as a whole read", async () => {
    const { path, cache, tool, context } = await setup("x\ny\n");
    await callTool(tool, { file_path: path, offset: 1, limit: 50 }, context);
    expect(cache.get(path)).toEqual({ content: "x\ny", timestamp: MTIME_MS, fromRead: true });
  });
});

describe("Read answers a re-read of an unchanged file with a short note", () => {
  it("returns the note for the same file read again", async () => {
    const { path, tool, context } = await setup("hello\n");
    const first = await callTool(tool, { file_path: path }, context);
    expect(first.text).toBe("1\thello");
    const second = await callTool(tool, { file_path: path }, context);
    expect(second.data).toEqual({ type: "unchanged", filePath: path });
    expect(second.text).toBe(FILE_UNCHANGED_NOTE);
  });

  it("returns the note for any range of a file the model saw whole", async () => {
    const { path, tool, context } = await setup("a\nb\nc\n");
    await callTool(tool, { file_path: path }, context);
    const again = await callTool(tool, { file_path: path, offset: 2, limit: 1 }, context);
    expect(again.data.type).toBe("unchanged");
  });

  it("returns the note for the same range, and content for another range", async () => {
    const { path, tool, context } = await setup("1\n2\n3\n4\n5\n6\n");
    await callTool(tool, { file_path: path, offset: 2, limit: 2 }, context);
    expect(
      (await callTool(tool, { file_path: path, offset: 2, limit: 2 }, context)).data.type,
    ).toBe("unchanged");
    const other = await callTool(tool, { file_path: path, offset: 4, limit: 2 }, context);
    expect(other.text.split("\n\n")[0]).toBe("4\t4\n5\t5");
  });

  it("shows the content again once the file has changed", async () => {
    const { path, tool, context } = await setup("old\n");
    await callTool(tool, { file_path: path }, context);
    await writeFile(path, "new\n");
    await utimes(path, 1_700_000_100, 1_700_000_100);
    const again = await callTool(tool, { file_path: path }, context);
    expect(again.text).toBe("1\tnew");
  });

  it("shows the content when the entry came from a write, not a read", async () => {
    const { path, cache, tool, context } = await setup("written\n");
    cache.set(path, { content: "written\n", timestamp: MTIME_MS });
    const again = await callTool(tool, { file_path: path }, context);
    expect(again.text).toBe("1\twritten");
  });
});
