import { describe, expect, it } from "vitest";
import {
  globArgs,
  globWalkerThreads,
  nameFilter,
  planGlob,
} from "../../../src/tools/builtin/glob/glob-plan.js";

describe("the file-name prefilter ripgrep applies for Glob", () => {
  it.each([
    ["**/*.ts", "*.ts"],
    ["/src/**/*.test.ts", "*.test.ts"],
    ["README.md", "README.md"],
    ["/docs/?.md", "?.md"],
  ])("filters %s by its last segment %s", (glob, name) => {
    expect(nameFilter(glob)).toBe(name);
  });

  it.each(["**/*", "/src/**", "*.{ts,tsx}", "[ab].ts", "src/", "a\\*b"])(
    "lists every file for %s (the segment is not a plain name glob)",
    (glob) => {
      expect(nameFilter(glob)).toBeUndefined();
    },
  );

  it("passes the filter as a file type, which keeps .gitignore in force", () => {
    const args = globArgs(planGlob("src/**/*.ts", "/project"), { threads: 3 });
    expect(args).toEqual([
      "--no-config",
      "--files",
      "--threads",
      "3",
      "--type-add",
      "keelglob:*.ts",
      "--type",
      "keelglob",
      "--",
      "/project/src",
    ]);
    expect(args).not.toContain("--glob");
  });

  it.each([
    [1, 1],
    [2, 1],
    [8, 7],
    [64, 12],
  ])(
    "walks with one core fewer than the %i the machine has (%i threads, ripgrep's cap 12)",
    (cores, threads) => {
      expect(globWalkerThreads(cores)).toBe(threads);
    },
  );
});
