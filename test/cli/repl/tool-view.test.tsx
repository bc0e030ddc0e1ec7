import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { ToolView } from "../../../src/cli/repl/tool-view.js";

describe("a tool call on screen", () => {
  it("shows a running call with its summary", () => {
    const app = render(
      <ToolView tool={{ kind: "tool", id: "t", name: "Bash", summary: "Bash(npm test)" }} />,
    );
    expect(app.lastFrame()).toContain("⏺ Bash(npm test) running…");
    app.unmount();
  });

  it("shows the first lines of a result under the call", () => {
    const tool = {
      kind: "tool" as const,
      id: "t",
      name: "Read",
      summary: "Read(src/a.ts)",
      result: { isError: false, lines: ["line one", "line two", "… +9 lines"] },
    };
    const frame = render(<ToolView tool={tool} />).lastFrame() ?? "";
    expect(frame).toContain("Read(src/a.ts)");
    expect(frame).toContain("⎿ line one");
    expect(frame).toContain("… +9 lines");
    expect(frame).not.toContain("running…");
  });

  it("shows an edit as its diff lines instead of the result text", () => {
    const tool = {
      kind: "tool" as const,
      id: "t",
      name: "Edit",
      summary: "Edit(src/math.js)",
      result: {
        isError: false,
        lines: ["The file was updated."],
        diff: [
          { kind: "hunk" as const, text: "@@ -3,1 +3,1 @@" },
          { kind: "removed" as const, text: "-  return a - b;" },
          { kind: "added" as const, text: "+  return a + b;" },
        ],
      },
    };
    const frame = render(<ToolView tool={tool} />).lastFrame() ?? "";
    expect(frame).toContain("-  return a - b;");
    expect(frame).toContain("+  return a + b;");
    expect(frame).not.toContain("The file was updated.");
  });
});
