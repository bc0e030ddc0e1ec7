import { describe, expect, it } from "vitest";
import {
  findImportPaths,
  isTextImport,
  resolveImportPath,
} from "../../../src/session/memory/import-paths.js";

describe("findImportPaths", () => {
  it("finds @paths at line starts and after whitespace, once each, in order", () => {
    expect(findImportPaths("@a.md\nsee @b/c.md, and @a.md\n\t@~/x.md @/abs/y")).toEqual([
      "a.md",
      "b/c.md",
      "~/x.md",
      "/abs/y",
    ]);
  });

  it("drops fragments and trailing punctuation and unescapes spaces", () => {
    expect(findImportPaths("(@notes.md#setup) @my\\ file.md. @../up.md;")).toEqual([
      "my file.md",
      "../up.md",
    ]);
    expect(findImportPaths("see @notes.md#setup")).toEqual(["notes.md"]);
  });

  it("skips e-mail addresses, bare @ and mention-like tokens", () => {
    expect(findImportPaths("me@example.com @ @@x @#tag @/ @(x)")).toEqual([]);
  });

  it("skips code: fences (even with a longer closing fence) and multi-backtick spans", () => {
    const text = "````\n@in.md\n`````\n@out.md ``a ` @span.md`` `@one.md`";
    expect(findImportPaths(text)).toEqual(["out.md"]);
  });

  it("does not let an unmatched backtick hide imports in the next paragraph", () => {
    expect(findImportPaths("a ` stray\n\n@next.md and `b`")).toEqual(["next.md"]);
  });
});

describe("resolveImportPath and isTextImport", () => {
  it("resolves relative to the importer's folder, ~/ to home, absolute as is", () => {
    expect(resolveImportPath("x/y.md", "/p/docs", "/h")).toBe("/p/docs/x/y.md");
    expect(resolveImportPath("../y.md", "/p/docs", "/h")).toBe("/p/y.md");
    expect(resolveImportPath("~/y.md", "/p/docs", "/h")).toBe("/h/y.md");
    expect(resolveImportPath("/abs/y.md", "/p/docs", "/h")).toBe("/abs/y.md");
  });

  it("accepts text extensions in any case and extensionless files only", () => {
    for (const ok of ["a.md", "a.TXT", "a.json", "a.yaml", "a.yml", "a.toml", "Makefile", ".env"]) {
      expect(isTextImport(ok)).toBe(true);
    }
    for (const bad of ["a.png", "a.ts", "a.pdf"]) expect(isTextImport(bad)).toBe(false);
  });
});
