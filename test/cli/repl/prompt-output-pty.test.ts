import { describe, expect, it } from "vitest";
import { chars, KEY, keysCases, sendKeys } from "./pty-keys.js";
import { usePtyRepl } from "./pty-repl.js";

// Issue 25, the prompt editor: Ctrl+O and Ctrl+L at each terminal size, both ways of sending.
const pty = usePtyRepl("keel-output");

describe.each(keysCases())(
  "Ctrl+O and Ctrl+L at $size.cols×$size.rows, keys sent $mode",
  ({ size, mode }) => {
    it("prints the cut tool output whole and back, and clears the screen into the scrollback", {
      timeout: 120_000,
    }, async () => {
      const scenario = {
        turns: [
          { content: [{ type: "tool_use", name: "Bash", input: { command: "seq 1 30" } }] },
          { content: "Counted." },
        ],
      };
      const { server, screen } = await pty.start(
        scenario,
        ["--dangerously-skip-permissions"],
        60_000,
        size,
      );
      await sendKeys(screen, [...chars("count"), KEY.enter], mode);
      const cut = await screen.waitFor((s) => s.includes("Counted."), "the answer", 60_000);
      expect(cut).toContain("… +26 lines (ctrl+o to expand)");
      expect(cut).not.toContain("  30");

      screen.write(KEY.ctrl("o"));
      await screen.waitFor(
        (s) => s.includes("Tool output is shown whole from now on"),
        "the whole output",
      );
      const rows = screen.scrollback();
      const heading = rows.indexOf("⎿ Bash(seq 1 30), whole (30 lines):");
      expect(heading).toBeGreaterThan(-1);
      expect(rows.slice(heading + 1, heading + 31)).toEqual(
        Array.from({ length: 30 }, (_, i) => `  ${i + 1}`),
      );
      screen.write(KEY.ctrl("o"));
      await screen.waitFor((s) => s.includes("Tool output is cut to its first lines again"), "cut");

      const before = screen.output().length;
      screen.write(KEY.ctrl("l"));
      const cleared = await screen.waitFor(
        (s) => s.split("\n")[0]?.startsWith("╭") === true,
        "the prompt at the top of a clear screen",
      );
      expect(cleared).not.toContain("Counted.");
      expect(screen.scrollback()).toContain("⏺ Counted.");
      expect(screen.scrollback()).toContain("> count");
      const written = screen.output().slice(before);
      expect(written).not.toContain("\x1b[2J");
      expect(written).not.toContain("\x1b[3J");
      expect(server.violations).toEqual([]);
    });
  },
);
