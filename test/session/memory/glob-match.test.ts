import { describe, expect, it } from "vitest";
import { matchesGlob } from "../../../src/session/memory/glob-match.js";

describe("matchesGlob", () => {
  it.each([
    ["src/a.ts", "src/*.ts", true],
    ["src/deep/a.ts", "src/*.ts", false],
    ["src/a.ts", "src/**/*.ts", true],
    ["src/x/y/a.ts", "src/**/*.ts", true],
    ["lib/a.ts", "src/**/*.ts", false],
    ["a.ts", "**/*.ts", true],
    ["x/y/a.ts", "**/*.ts", true],
    ["src/x/y", "src/**", true],
    ["a.tsx", "*.{ts,tsx}", true],
    ["a.js", "*.{ts,tsx}", false],
    ["api/v1/x.ts", "{api,web}/**/*.ts", true],
    ["a.ts", "?.ts", true],
    ["ab.ts", "?.ts", false],
    ["a/b", "a?b", false],
    ["a+b(1).md", "a+b(1).md", true],
    ["axb(1).md", "a+b(1).md", false],
    ["src/a.ts", "./src/a.ts", true],
    ["src/a.ts", "src/a.t", false],
    ["x.{ts", "x.{ts", true],
    ["a.ts", "{a,{b,c}}.ts", true],
    ["c.ts", "{a,{b,c}}.ts", true],
  ])("%s against %s is %s", (path, glob, expected) => {
    expect(matchesGlob(path, glob)).toBe(expected);
  });
});
