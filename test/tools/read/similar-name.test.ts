import { describe, expect, it } from "vitest";
import { editDistance, nameDistance } from "../../../src/tools/builtin/read/similar-name.js";

describe("similar file names for a missing file", () => {
  it("measures edit distance", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("ranks a case-only difference first, then another extension, then near spellings", () => {
    expect(nameDistance("README.md", "readme.md")).toBe(0);
    expect(nameDistance("index.js", "index.ts")).toBe(1);
    expect(nameDistance("confg.json", "config.json")).toBe(2);
  });

  it("suggests nothing for unrelated names", () => {
    expect(nameDistance("schema.sql", "unrelated.md")).toBeUndefined();
    expect(nameDistance("a.c", "b.h")).toBeUndefined();
  });
});
