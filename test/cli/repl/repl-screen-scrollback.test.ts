import { describe, expect, it } from "vitest";
import { REPL_PROMPT, sizesToRun, usePtyRepl } from "./pty-repl.js";
import { typeLine } from "./pty-screen.js";
import {
  CLEAR_SCREEN,
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  PROMPT_BOX_TOP,
  rowsWith,
  SHELL_LINES,
  startAfterShellLines,
  waitForPromptBoxWidth,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-scrollback");

const ANSWER_LINES = Array.from({ length: 200 }, (_, i) => `answer-line-${i + 1}`);

/** A 200-line answer (a markdown list, so each line stays a line), streamed over many frames. */
const LONG_ANSWER = {
  turns: [{ content: ANSWER_LINES.map((line) => `- ${line}`).join("\n"), deltaDelayMs: 10 }],
};

/** The same answer streamed slowly enough to resize the terminal in the middle of it. */
const SLOW_LONG_ANSWER = {
  turns: [{ content: ANSWER_LINES.map((line) => `- ${line}`).join("\n"), deltaDelayMs: 40 }],
};

describe("the terminal keeps what it showed, in a real pseudo-terminal", {
  timeout: 120_000,
}, () => {
  for (const size of sizesToRun(0)) {
    it(`keeps the shell's 40 lines and prints a 200-line answer once, through a resize (${size.cols}×${size.rows})`, async () => {
      const { server, repl } = await startAfterShellLines(pty, LONG_ANSWER, size);
      expect(onceInOrder(repl.scrollback(), SHELL_LINES)).toBeUndefined();

      await typeLine(repl, "list two hundred lines");
      await repl.waitFor(
        (s) => s.includes("answer-line-200") && !s.includes("Working…"),
        "the whole answer",
        60_000,
      );
      const narrower = { cols: size.cols - 17, rows: size.rows - 5 };
      repl.resize(narrower.cols, narrower.rows);
      await waitForPromptBoxWidth(repl, narrower.cols);
      repl.resize(size.cols, size.rows);
      await waitForPromptBoxWidth(repl, size.cols);

      const rows = repl.scrollback();
      expect(onceInOrder(rows, SHELL_LINES)).toBeUndefined();
      expect(onceInOrder(rows, ANSWER_LINES)).toBeUndefined();
      // One prompt box, the live one: no box left behind by a frame or a resize.
      expect(rowsWith(rows, PROMPT_BOX_TOP)).toHaveLength(1);
      expect(rowsWith(rows, REPL_PROMPT)).toHaveLength(1);
      const output = repl.output();
      expect(occurrences(output, CLEAR_SCROLLBACK)).toBe(0);
      expect(occurrences(output, CLEAR_SCREEN)).toBe(0);
      expect(server.violations).toEqual([]);
    });

    it(`leaves no prompt box behind when the terminal narrows while an answer streams (${size.cols}×${size.rows})`, async () => {
      const { server, repl } = await startAfterShellLines(pty, SLOW_LONG_ANSWER, size);
      await typeLine(repl, "list two hundred lines");
      await repl.waitFor((s) => s.includes("answer-line-50"), "the answer streaming", 60_000);
      const narrower = size.cols - 17;
      repl.resize(narrower, size.rows);
      await waitForPromptBoxWidth(repl, narrower);
      await repl.waitFor(
        (s) => s.includes("answer-line-200") && !s.includes("Working…"),
        "the whole answer",
        60_000,
      );
      const rows = repl.scrollback();
      expect(rowsWith(rows, PROMPT_BOX_TOP)).toHaveLength(1);
      expect(rowsWith(rows, REPL_PROMPT)).toHaveLength(1);
      // Rows the narrower terminal pushed up out of reach may repeat; none is missing.
      for (const line of ANSWER_LINES)
        expect(rowsWith(rows, new RegExp(`${line}$`)).length).toBeGreaterThan(0);
      expect(onceInOrder(rows, SHELL_LINES)).toBeUndefined();
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(server.violations).toEqual([]);
    });
  }
});
