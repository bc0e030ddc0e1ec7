import { describe, expect, it } from "vitest";
import { diffHunks } from "../../../src/tools/builtin/file-io/structured-diff.js";

describe("structured diffs for the UI", () => {
  it("gives a hunk with three lines of context around a change, line endings shown as LF", () => {
    const before = "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n";
    const after = before.replace("5", "five");
    expect(diffHunks(before, after)).toEqual([
      {
        oldStart: 2,
        oldLines: 7,
        newStart: 2,
        newLines: 7,
        lines: [" 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8"],
      },
    ]);
  });

  it("shows a new file as all additions", () => {
    expect(diffHunks("", "a\nb\n")).toEqual([
      { oldStart: 1, oldLines: 0, newStart: 1, newLines: 2, lines: ["+a", "+b"] },
    ]);
  });

  it("falls back to one whole-file hunk when the texts share almost nothing", () => {
    const before = Array.from({ length: 1500 }, (_, i) => `old ${i}`).join("\n");
    const after = Array.from({ length: 1500 }, (_, i) => `new ${i}`).join("\n");
    const hunks = diffHunks(before, after);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]?.oldLines).toBe(1500);
    expect(hunks[0]?.newLines).toBe(1500);
    expect(hunks[0]?.lines.filter((line) => line.startsWith("-"))).toHaveLength(1500);
  });

  it("gives no hunks when nothing changed", () => {
    expect(diffHunks("same\n", "same\n")).toEqual([]);
  });
});
