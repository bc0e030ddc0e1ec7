import { describe, expect, it } from "vitest";
import { judgeFreshness } from "../../../src/tools/builtin/file-io/file-state.js";

const disk = { text: "a\nb\n", mtimeMs: 2000.7 };

describe("freshness of a file against what the model read", () => {
  it("is not fresh when the file was never read", () => {
    expect(judgeFreshness(undefined, disk, false)).toEqual({ fresh: false, reason: "not-read" });
  });

  it("is fresh when the modification time is unchanged (compared in whole milliseconds)", () => {
    expect(judgeFreshness({ content: "stale?", timestamp: 2000 }, disk, true)).toEqual({
      fresh: true,
    });
  });

  it("is fresh when the time changed but a full read's text is identical (CRLF and BOM ignored)", () => {
    const state = { content: "\uFEFFa\r\nb\r\n", timestamp: 1000 };
    expect(judgeFreshness(state, disk, true)).toEqual({ fresh: true });
  });

  it("is fresh when a full read stored the lines without the final line break (as Read does)", () => {
    expect(judgeFreshness({ content: "a\nb", timestamp: 1000 }, disk, true)).toEqual({
      fresh: true,
    });
  });

  it("is stale when the time and the text both changed", () => {
    const state = { content: "a\n", timestamp: 1000 };
    expect(judgeFreshness(state, disk, false)).toEqual({ fresh: false, reason: "modified" });
  });

  it("is stale for a partial read once the time changed (its text cannot be compared)", () => {
    const state = { content: "a\nb\n", timestamp: 1000, offset: 1, limit: 1 };
    expect(judgeFreshness(state, disk, false)).toEqual({ fresh: false, reason: "modified" });
  });

  it("refuses a partial read when the whole file is needed, and accepts offset 1 with no limit", () => {
    const partial = { content: "b\n", timestamp: 2000, offset: 2 };
    expect(judgeFreshness(partial, disk, true)).toEqual({ fresh: false, reason: "partially-read" });
    expect(judgeFreshness({ content: "a\nb\n", timestamp: 2000, offset: 1 }, disk, true)).toEqual({
      fresh: true,
    });
    expect(judgeFreshness(partial, disk, false)).toEqual({ fresh: true });
  });
});
