import { describe, expect, it } from "vitest";
import { frontmatterKeyLine, frontmatterYamlError } from "../../src/config/frontmatter-lines.js";
import { parseLenientFrontmatter } from "../../src/config/lenient-frontmatter.js";

describe("frontmatter lines", () => {
  it("a key is on its file line: the frontmatter's first line is the file's second", () => {
    const frontmatter = "name: a\r\ndescription: b\nmodel: c";
    expect(frontmatterKeyLine(frontmatter, "name")).toBe(2);
    expect(frontmatterKeyLine(frontmatter, "model")).toBe(4);
  });

  it("a key that is not at the start of a line is not there", () => {
    expect(frontmatterKeyLine("description: the model: c\n  tools: x", "model")).toBeUndefined();
    expect(frontmatterKeyLine("description: b", "tools")).toBeUndefined();
  });

  it("a YAML error is given at its file line, without the parser's own position", () => {
    const parsed = parseLenientFrontmatter("description: b\nname: a\nname: c\n");
    if (parsed.ok) throw new Error("expected a YAML error");
    expect(frontmatterYamlError(parsed.error)).toEqual({
      reason: "Map keys must be unique",
      line: 4,
    });
  });

  it("an error without a position is on line 2, where the frontmatter starts", () => {
    expect(frontmatterYamlError(new Error("bad\nmore"))).toEqual({ reason: "bad", line: 2 });
  });
});
