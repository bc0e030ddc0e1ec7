import { describe, expect, it } from "vitest";
import { sizesToRun, usePtyRepl } from "./pty-repl.js";
import { typeLine } from "./pty-screen.js";
import {
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  PROMPT_BOX_TOP,
  SHELL_LINES,
  startAfterShellLines,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-tall");

/** An answer 10 rows taller than the terminal, ending with a paragraph that wraps three times. */
function tallAnswer(size: { cols: number; rows: number }) {
  const lines = Array.from({ length: size.rows + 10 }, (_, i) => `tall-line-${i + 1}`);
  const words = Array.from({ length: Math.ceil((size.cols * 2.5) / 8) }, (_, i) => `tail-${i + 1}`);
  const text = `${lines.map((line) => `- ${line}`).join("\n")}\n\n${words.join(" ")} END-OF-ANSWER`;
  return { lines, words, scenario: { turns: [{ content: text, deltaDelayMs: 5 }] } };
}

describe("a tall answer whose last line wraps", { timeout: 120_000 }, () => {
  for (const size of sizesToRun(1)) {
    it(`is drawn whole, its last row right above the prompt box (${size.cols}×${size.rows})`, async () => {
      const { lines, words, scenario } = tallAnswer(size);
      const { server, repl } = await startAfterShellLines(pty, scenario, size);
      await typeLine(repl, "a tall answer please");
      const screen = await repl.waitFor(
        (s) => s.includes("END-OF-ANSWER") && !s.includes("Working…"),
        "the whole answer",
        60_000,
      );
      const rows = screen.split("\n");
      const box = rows.findIndex((row) => PROMPT_BOX_TOP.test(row));
      const above = rows.slice(0, box).filter((row) => row.trim() !== "");
      expect(above.at(-1)).toMatch(/END-OF-ANSWER$/);
      const scrollback = repl.scrollback();
      expect(onceInOrder(scrollback, SHELL_LINES)).toBeUndefined();
      expect(onceInOrder(scrollback, lines)).toBeUndefined();
      expect(onceInOrder(scrollback, [...words, "END-OF-ANSWER"])).toBeUndefined();
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(server.violations).toEqual([]);
    });
  }
});
