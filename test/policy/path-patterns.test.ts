import { describe, expect, it } from "vitest";
import { compilePathPattern } from "../../src/policy/gitignore-pattern.js";
import { anchorPattern, patternMatchesPath } from "../../src/policy/path-rule.js";

describe("gitignore-style path patterns", () => {
  it.each([
    [".env", ".env", true],
    [".env", "a/b/.env", true],
    [".env", "x.env", false],
    ["secrets/**", "secrets/a/b", true],
    ["secrets/**", "secrets", true],
    ["secrets/**", "a/secrets/x", false],
    ["src/*.ts", "src/a.ts", true],
    ["src/*.ts", "src/x/a.ts", false],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/x/y/c", false],
    ["**/id_rsa", "home/u/.ssh/id_rsa", true],
    ["*.log", "x/y.log", true],
    ["*.log", "x/y.logs", false],
    ["a?c", "abc", true],
    ["a?c", "a/c", false],
    ["[ab].txt", "a.txt", true],
    ["[!ab].txt", "c.txt", true],
    ["[!ab].txt", "a.txt", false],
    ["docs/", "docs/x", true],
    ["docs/", "docs", true],
    ["x", "a/x/y", true],
    ["a.b", "aXb", false],
    ["\\*.txt", "*.txt", true],
    ["\\*.txt", "a.txt", false],
    ["", "anything/at/all", true],
    ["**", "anything", true],
  ])("%j matches %j: %s", (pattern, path, expected) => {
    expect(compilePathPattern(pattern).matches(path)).toBe(expected);
  });

  it("an anchored pattern without a slash matches only at the root", () => {
    expect(compilePathPattern("x", true).matches("x")).toBe(true);
    expect(compilePathPattern("x", true).matches("a/x")).toBe(false);
  });
});

describe("rule anchors (contracts.md §6)", () => {
  const folders = { ruleRoot: "/owner", cwd: "/work/proj", home: "/home/u" };
  const matches = (content: string, path: string) => {
    const { base, pattern } = anchorPattern(content, folders);
    return patternMatchesPath(pattern, [base], path);
  };

  it.each([
    ["//etc/passwd", "/etc/passwd", true],
    ["//etc", "/x/etc", false],
    ["~/x/**", "/home/u/x/y", true],
    ["~/x/**", "/work/proj/x/y", false],
    ["/x", "/owner/x", true],
    ["/x", "/x", false],
    ["./x", "/work/proj/x", true],
    ["./x", "/work/proj/a/x", false],
    ["x", "/work/proj/a/x", true],
    ["x", "/elsewhere/x", false],
    ["../other/**", "/work/other/f", true],
    ["../../**", "/anything", true],
  ])("%j covers %j: %s", (content, path, expected) => {
    expect(matches(content, path)).toBe(expected);
  });
});
