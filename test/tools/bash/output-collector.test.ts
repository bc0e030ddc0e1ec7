import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputCollector, splitBudget } from "../../../src/tools/builtin/bash/output-collector.js";
import { StreamWindow, truncationMarker } from "../../../src/tools/builtin/bash/stream-window.js";
import { makeTempDir, removeDir } from "./helpers.js";

describe("StreamWindow", () => {
  it("returns a short stream whole", () => {
    const window = new StreamWindow(10);
    window.push("abc");
    window.push("def");
    expect(window.view(10)).toBe("abcdef");
  });

  it("keeps the beginning and the end around a marker counting what was left out", () => {
    const window = new StreamWindow(10);
    for (const chunk of ["0123", "4567", "89ab", "cdef"]) window.push(chunk);
    expect(window.view(6)).toBe(`012${truncationMarker(10)}def`);
  });

  it("holds at most twice its size whatever is pushed", () => {
    const window = new StreamWindow(100);
    for (let i = 0; i < 10_000; i++) window.push("x".repeat(37));
    expect(window.total).toBe(370_000);
    expect(window.retained).toBeLessThanOrEqual(200);
  });
});

describe("splitBudget", () => {
  it("gives both streams all they have when they fit together", () => {
    expect(splitBudget(30, 40, 100)).toEqual([30, 40]);
  });

  it("gives a small stream all it has and the other the rest", () => {
    expect(splitBudget(1_000, 10, 100)).toEqual([90, 10]);
    expect(splitBudget(10, 1_000, 100)).toEqual([10, 90]);
  });

  it("halves the budget when both streams are large", () => {
    expect(splitBudget(1_000, 1_000, 100)).toEqual([50, 50]);
  });
});

describe("OutputCollector", () => {
  let dir: string;

  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  it("keeps memory bounded while 50 MB go through, and saves everything in arrival order", async () => {
    const path = join(dir, "tool-results", "out.txt");
    const collector = new OutputCollector(1_000, path);
    const chunk = Buffer.from("y\n".repeat(32_768));
    let maxRetained = 0;
    collector.write("stderr", Buffer.from("starting\n"));
    let pauses = 0;
    for (let written = 0; written < 50_000_000; written += chunk.length) {
      collector.write("stdout", chunk);
      maxRetained = Math.max(maxRetained, collector.retainedChars);
      if (collector.blocked) {
        pauses++; // a producer pauses here until the file catches up
        await new Promise<void>((resolve) => collector.onUnblocked(resolve));
      }
    }
    const result = await collector.finish();
    expect(maxRetained).toBeLessThan(4 * 1_000 + 2 * chunk.length);
    expect(pauses).toBeGreaterThan(0);
    expect(result.truncated).toBe(true);
    expect(result.fullOutputPath).toBe(path);
    expect(result.stderr).toBe("starting\n");
    const saved = await readFile(path, "utf8");
    expect(saved.length).toBe(result.totalChars);
    expect(saved.startsWith("starting\ny\n")).toBe(true);
  });

  it("decodes a multi-byte character split across chunks", async () => {
    const collector = new OutputCollector(100, join(dir, "unused.txt"));
    const bytes = Buffer.from("é€", "utf8");
    collector.write("stdout", bytes.subarray(0, 1));
    collector.write("stdout", bytes.subarray(1));
    expect((await collector.finish()).stdout).toBe("é€");
  });

  it("reports why the full output could not be saved", async () => {
    const blocker = join(dir, "file");
    await writeFile(blocker, "");
    const collector = new OutputCollector(10, join(blocker, "inside", "out.txt"));
    collector.write("stdout", Buffer.from("x".repeat(100)));
    const result = await collector.finish();
    expect(result.truncated).toBe(true);
    expect(result.fullOutputPath).toBeUndefined();
    expect(result.saveError).toMatch(/ENOTDIR|EEXIST/);
  });
});
