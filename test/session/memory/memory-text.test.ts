import { describe, expect, it } from "vitest";
import { MAX_MEMORY_CHARS, prepareMemoryText } from "../../../src/session/memory/memory-text.js";

describe("prepareMemoryText", () => {
  it("strips block-level HTML comments but keeps them inside fenced code blocks", () => {
    const raw = [
      "# Rules",
      "<!-- maintainers: keep this short -->",
      "Use tabs.",
      "<!--",
      "a multi-line",
      "note",
      "-->",
      "```html",
      "<!-- kept: this is code -->",
      "```",
      "Inline <!-- stays --> here.",
    ].join("\n");
    expect(prepareMemoryText(raw).content).toBe(
      [
        "# Rules",
        "Use tabs.",
        "```html",
        "<!-- kept: this is code -->",
        "```",
        "Inline <!-- stays --> here.",
      ].join("\n"),
    );
  });

  it("keeps text that follows a comment's end on the same line", () => {
    expect(prepareMemoryText("<!-- hidden --> Visible.\n<!-- a --><!-- b -->").content).toBe(
      " Visible.",
    );
  });

  it("keeps an unterminated comment rather than hiding the rest of the file", () => {
    expect(prepareMemoryText("Top\n<!-- never closed\nStill here").content).toBe(
      "Top\n<!-- never closed\nStill here",
    );
  });

  it("strips frontmatter and reports its paths globs", () => {
    const prepared = prepareMemoryText(
      '---\npaths:\n  - "src/**/*.ts"\n  - lib/*.js\n---\nBody\r\n',
    );
    expect(prepared.content).toBe("Body");
    expect(prepared.paths).toEqual(["src/**/*.ts", "lib/*.js"]);
    expect(prepared.problems).toEqual([]);
  });

  it("splits a paths string on commas outside braces", () => {
    const prepared = prepareMemoryText("---\npaths: src/*.{ts,tsx}, docs/**\n---\nBody");
    expect(prepared.paths).toEqual(["src/*.{ts,tsx}", "docs/**"]);
  });

  it("treats frontmatter without paths, or with a match-everything glob, as unconditional", () => {
    expect(prepareMemoryText("---\ntitle: x\n---\nBody").paths).toBeUndefined();
    expect(prepareMemoryText("---\npaths: ['**']\n---\nBody").paths).toBeUndefined();
    expect(prepareMemoryText("---\n---\nBody")).toEqual({ content: "Body", problems: [] });
  });

  it("reports invalid frontmatter and still strips it", () => {
    const broken = prepareMemoryText("---\npaths: [unclosed\n---\nBody");
    expect(broken.content).toBe("Body");
    expect(broken.problems[0]).toContain("not valid YAML");
    const wrongType = prepareMemoryText("---\npaths: 3\n---\nBody");
    expect(wrongType.paths).toBeUndefined();
    expect(wrongType.problems[0]).toContain("paths");
  });

  it("truncates a file over the limit with a note saying how long it was", () => {
    const raw = "x".repeat(MAX_MEMORY_CHARS + 5);
    const prepared = prepareMemoryText(raw);
    expect(prepared.content.startsWith("x".repeat(MAX_MEMORY_CHARS))).toBe(true);
    expect(prepared.content.slice(MAX_MEMORY_CHARS)).toContain(String(MAX_MEMORY_CHARS + 5));
    expect(prepared.problems).toHaveLength(1);
    expect(prepareMemoryText("x".repeat(MAX_MEMORY_CHARS)).problems).toEqual([]);
  });
});
