import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { ToolView } from "../../../src/cli/repl/tool-view.js";
import type { ToolItem } from "../../../src/cli/repl/transcript-model.js";
import {
  lastCutTool,
  WholeOutputContext,
  wholeOutputText,
} from "../../../src/cli/repl/whole-output.js";

const whole = Array.from({ length: 7 }, (_, i) => `row ${i + 1}`);
const cut: ToolItem = {
  kind: "tool",
  id: "t1",
  name: "Bash",
  summary: "Bash(seq 7)",
  result: { isError: false, lines: [...whole.slice(0, 4), "… +3 lines"], whole },
};
const short: ToolItem = {
  kind: "tool",
  id: "t2",
  name: "Read",
  summary: "Read(a.txt)",
  result: { isError: false, lines: ["one line"] },
};

describe("Ctrl+O: tool output whole", () => {
  it("a cut result says Ctrl+O expands it; with Ctrl+O on it is drawn whole", () => {
    const cutFrame = render(<ToolView tool={cut} />).lastFrame() ?? "";
    expect(cutFrame).toContain("… +3 lines (ctrl+o to expand)");
    expect(cutFrame).not.toContain("row 7");
    const wholeFrame =
      render(
        <WholeOutputContext.Provider value={true}>
          <ToolView tool={cut} />
        </WholeOutputContext.Provider>,
      ).lastFrame() ?? "";
    expect(wholeFrame).toContain("row 7");
    expect(wholeFrame).not.toContain("ctrl+o");
    expect(render(<ToolView tool={short} />).lastFrame()).not.toContain("ctrl+o");
  });

  it("prints the newest cut result whole when turned on, and says what the switch does", () => {
    expect(lastCutTool([cut, short, { kind: "notice", id: "n", text: "x", tone: "info" }])).toBe(
      cut,
    );
    expect(lastCutTool([short])).toBeUndefined();
    const on = wholeOutputText(true, cut).split("\n");
    expect(on[0]).toBe("⎿ Bash(seq 7), whole (7 lines):");
    expect(on.slice(1, 8)).toEqual(whole.map((row) => `  ${row}`));
    expect(on.at(-1)).toBe("Tool output is shown whole from now on (Ctrl+O cuts it again).");
    expect(wholeOutputText(true, undefined)).toBe(
      "Tool output is shown whole from now on (Ctrl+O cuts it again).",
    );
    expect(wholeOutputText(false, cut)).toBe(
      "Tool output is cut to its first lines again (Ctrl+O shows it whole).",
    );
  });
});
