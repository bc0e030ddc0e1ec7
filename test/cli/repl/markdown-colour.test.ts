import { describe, expect, it, vi } from "vitest";

const ESC = String.fromCharCode(27);

describe("markdown with colour", () => {
  it("highlights a code block by its language", async () => {
    // The highlighter colours only when its terminal supports colour, decided when it loads:
    // this file loads it fresh with colour forced (it runs in the fresh-modules project).
    vi.stubEnv("FORCE_COLOR", "3");
    vi.resetModules();
    const { renderMarkdown } = await import("../../../src/cli/repl/render/markdown.js");
    const code = "```js\nconst answer = 42;\n```";
    const coloured = renderMarkdown(code, { width: 60, color: true });
    const uncoloured = renderMarkdown(code, { width: 60, color: false });
    expect(coloured).toContain(ESC);
    expect(uncoloured).not.toContain(ESC);
    // Keywords and numbers get their own colours, not one colour for the whole block.
    expect(coloured.split(`${ESC}[`).length).toBeGreaterThan(3);
    expect(uncoloured).toContain("const answer = 42;");
    vi.unstubAllEnvs();
  });
});
