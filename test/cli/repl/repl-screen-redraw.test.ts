import { describe, expect, it } from "vitest";
import { sizesToRun, usePtyRepl } from "./pty-repl.js";
import { promptRow, typeLine } from "./pty-screen.js";
import {
  CLEAR_SCREEN,
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  PROMPT_BOX_TOP,
  rowsWith,
  SHELL_LINES,
  startAfterShellLines,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-redraw");

const TWO_ANSWERS = {
  turns: [{ content: "First answer." }, { content: "Second answer." }],
};

async function twoTurns(size: { cols: number; rows: number }) {
  const started = await startAfterShellLines(pty, TWO_ANSWERS, size);
  const { repl } = started;
  await typeLine(repl, "first prompt");
  await repl.waitFor((s) => s.includes("First answer."), "the first answer");
  await typeLine(repl, "second prompt");
  await repl.waitFor((s) => s.includes("Second answer."), "the second answer");
  return started;
}

describe("/clear and /rewind draw the conversation anew", { timeout: 120_000 }, () => {
  for (const size of sizesToRun(2)) {
    it(`/clear clears the screen and its scrollback for a fresh start (${size.cols}×${size.rows})`, async () => {
      const { server, repl } = await twoTurns(size);
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      // The command and its Enter in one write, as a fast typist's keys arrive.
      repl.write("/clear\r");
      const screen = await repl.waitFor((s) => s.includes("New conversation"), "the fresh start");
      // The one place keel clears the scrollback.
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(1);
      const rows = repl.scrollback();
      expect(rowsWith(rows, /shell-line-|First answer|Second answer|first prompt/)).toEqual([]);
      // A fresh start: keel's header at the top of the emptied screen, as when keel starts.
      expect(screen.split("\n")[0]).toMatch(/^✻ keel /);
      expect(rowsWith(rows, /^✻ keel /)).toHaveLength(1);
      expect(rowsWith(rows, PROMPT_BOX_TOP)).toHaveLength(1);
      expect(server.violations).toEqual([]);
    });

    it(`/rewind draws the conversation up to the rewound prompt, the scrollback kept (${size.cols}×${size.rows})`, async () => {
      const { server, repl } = await twoTurns(size);
      await typeLine(repl, "/rewind");
      await repl.waitFor((s) => s.includes("Rewind to before which prompt?"), "the picker");
      repl.write("\r");
      // The screen starts over with the conversation as it now is; the prompt is back to edit.
      const screen = await repl.waitFor(
        (s) =>
          s.includes('Rewound to before "second prompt"') &&
          promptRow(s).includes("> second prompt"),
        "the rewind",
      );
      expect(screen).toContain("First answer.");
      expect(screen).not.toContain("Second answer.");
      // What was shown before stays in the scrollback, scrolled up: nothing is lost.
      const rows = repl.scrollback();
      expect(onceInOrder(rows, SHELL_LINES)).toBeUndefined();
      expect(rowsWith(rows, "Second answer.")).toHaveLength(1);
      expect(rowsWith(rows, "First answer.")).toHaveLength(2);
      expect(rowsWith(rows, PROMPT_BOX_TOP)).toHaveLength(1);
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(occurrences(repl.output(), CLEAR_SCREEN)).toBe(0);
      expect(server.violations).toEqual([]);
    });
  }
});
