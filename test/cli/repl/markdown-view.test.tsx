import { render } from "ink-testing-library";
import { beforeAll, describe, expect, it } from "vitest";
import { AssistantText } from "../../../src/cli/repl/render/assistant-text.js";
import { DisplaySettingsContext } from "../../../src/cli/repl/render/display-settings.js";
import { renderMarkdown } from "../../../src/cli/repl/render/markdown.js";
import { loadMarkdown } from "../../../src/cli/repl/render/markdown-loader.js";

const ESC = String.fromCharCode(27);

const ANSWER = [
  "# Fixing the parser",
  "",
  "The bug was in **tokenize**, which dropped the last character of every quoted word when the word ran to the end of the line.",
  "",
  "- read the failing test",
  "- fix the slice",
  "",
  "```js",
  "const end = text.length;",
  "```",
].join("\n");

function plain(width = 60): string {
  return renderMarkdown(ANSWER, { width, color: false });
}

describe("assistant text rendered as markdown", () => {
  beforeAll(async () => {
    await loadMarkdown();
  });

  it("renders a heading, a list and a code block without markdown syntax", () => {
    const lines = plain().split("\n");
    expect(lines).toContain("# Fixing the parser");
    expect(lines).toContain("  * read the failing test");
    expect(lines).toContain("  * fix the slice");
    expect(lines).toContain("  const end = text.length;");
    expect(plain()).not.toContain("```");
    expect(plain()).not.toContain("**");
  });

  it("reflows paragraphs to the width it is given", () => {
    const lines = plain(40).split("\n");
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(40);
    expect(lines.some((line) => line.startsWith("The bug was in tokenize"))).toBe(true);
  });

  it("writes no escape sequences when colour is off", () => {
    expect(plain()).not.toContain(ESC);
  });

  it("removes control characters a model put in the text", () => {
    const shown = renderMarkdown(`hello ${ESC}]0;evil title\u0007 world`, {
      width: 60,
      color: false,
    });
    expect(shown).not.toContain(ESC);
    expect(shown).not.toContain("\u0007");
  });

  it("shows finished text on screen as markdown at the terminal's width", () => {
    const app = render(
      <DisplaySettingsContext.Provider value={{ color: false, verbose: false }}>
        <AssistantText text={ANSWER} />
      </DisplaySettingsContext.Provider>,
    );
    const frame = app.lastFrame() ?? "";
    expect(frame).toContain("⏺ # Fixing the parser");
    expect(frame).toContain("* read the failing test");
    expect(frame).toContain("const end = text.length;");
    expect(frame).not.toContain("```");
    app.unmount();
  });
});
