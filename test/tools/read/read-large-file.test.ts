import { open, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readLineWindow } from "../../../src/tools/builtin/read/line-window.js";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

const MB = 1024 * 1024;
const rowText = (n: number) => `row ${String(n).padStart(7, "0")} ${"-".repeat(87)}`;

/** Writes a file of numbered rows (100 bytes each, newline included) of at least `bytes`. */
async function writeRows(path: string, bytes: number): Promise<number> {
  const rows = Math.ceil(bytes / 100);
  const handle = await open(path, "w");
  try {
    const perChunk = 10_000;
    for (let first = 1; first <= rows; first += perChunk) {
      const last = Math.min(rows, first + perChunk - 1);
      const chunk: string[] = [];
      for (let n = first; n <= last; n++) chunk.push(`${rowText(n)}\n`);
      await handle.write(chunk.join(""));
    }
  } finally {
    await handle.close();
  }
  return rows;
}

const windowRequest = (startLine: number, maxLines: number) => ({
  startLine,
  maxLines,
  maxLineChars: 2000,
  maxOutputChars: 100_000,
  keepFullText: false,
});

describe("Read of a 20 MB file", () => {
  it("returns exactly the asked window, near the start and near the end", async () => {
    const cwd = await temps.make();
    const path = join(cwd, "huge.log");
    const rows = await writeRows(path, 20 * MB);
    expect((await stat(path)).size).toBeGreaterThanOrEqual(20 * MB);
    const tool = createReadTool(toolsConfig(cwd, await temps.make()));
    const context = makeContext(cwd);

    const start = await callTool(tool, { file_path: "huge.log", offset: 10, limit: 3 }, context);
    expect(start.text.split("\n\n")[0]).toBe(
      [10, 11, 12].map((n) => `${n}\t${rowText(n)}`).join("\n"),
    );

    const end = await callTool(
      tool,
      { file_path: "huge.log", offset: rows - 1, limit: 5 },
      context,
    );
    expect(end.text).toBe(`${rows - 1}\t${rowText(rows - 1)}\n${rows}\t${rowText(rows)}`);
    expect(end.data).toMatchObject({ totalLines: rows });
  });

  it("reads only the first chunk of the file for a window at its start", async () => {
    const cwd = await temps.make();
    const path = join(cwd, "huge.log");
    await writeRows(path, 20 * MB);
    const signal = new AbortController().signal;
    const window = await readLineWindow(path, "utf-8", 0, windowRequest(100, 50), signal);
    expect(window.lines).toHaveLength(50);
    expect(window.lines[0]).toBe(rowText(100));
    expect(window.more).toBe(true);
    expect(window.totalLines).toBeUndefined();
    expect(window.bytesRead).toBeLessThanOrEqual(64 * 1024);
  });

  it("records only the window of a big file in readFileState", async () => {
    const cwd = await temps.make();
    await writeRows(join(cwd, "huge.log"), 20 * MB);
    const cache = new FileStateCache();
    const tool = createReadTool(toolsConfig(cwd, await temps.make()));
    await callTool(
      tool,
      { file_path: "huge.log", offset: 5000, limit: 2 },
      makeContext(cwd, { readFileState: cache }),
    );
    const state = cache.get(join(cwd, "huge.log"));
    expect(state).toMatchObject({ offset: 5000, limit: 2, fromRead: true });
    expect(state?.content).toBe(`${rowText(5000)}\n${rowText(5001)}`);
  });

  it("shows the start of a 20 MB line without a newline and gives its full length", async () => {
    const cwd = await temps.make();
    await writeFile(join(cwd, "one-line.min.js"), "a".repeat(20 * MB));
    const tool = createReadTool(toolsConfig(cwd, await temps.make()));
    const { text } = await callTool(
      tool,
      { file_path: "one-line.min.js", offset: 1, limit: 1 },
      makeContext(cwd),
    );
    expect(text.split("\n")[0]).toBe(
      `1\t${"a".repeat(2000)} … [line cut: ${20 * MB} characters in total]`,
    );
  });
});
