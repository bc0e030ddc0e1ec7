import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { projectDir } from "../../../src/config/paths.js";
import { anthropicEnv } from "../../helpers/scripted.js";
import { REPL_PROMPT, sizesToRun, TERMINAL_SIZES, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";
import {
  CLEAR_SCREEN,
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  rowsWith,
  SHELL_LINES,
  startAfterShellLines,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-interrupt");

const WORDS = Array.from({ length: 80 }, (_, i) => `word-${i + 1}`);
const INTERRUPTED = "⎿  Interrupted · What should keel do instead?";

/** An answer that streams a few words a second (interrupted long before its end), then a reply. */
const SLOW_ANSWER = {
  turnMode: "count",
  turns: [
    { content: WORDS.join(" "), deltaDelayMs: 700 },
    { content: "Carrying on from your note." },
  ],
};

/** The one session the project has (the test ran a single one). */
async function onlySession(stateDir: string, cwd: string): Promise<string> {
  const names = (await readdir(projectDir(stateDir, cwd))).filter((n) => n.endsWith(".jsonl"));
  expect(names).toHaveLength(1);
  return names[0]!.slice(0, -".jsonl".length);
}

/** Esc at two sizes, Ctrl+C at the other: both keys end a turn the same way. */
const KEYS = [
  { name: "Esc", key: "\x1b" },
  { name: "Ctrl+C", key: "\x03" },
  { name: "Esc", key: "\x1b" },
] as const;

describe("an answer interrupted mid-stream stays on screen", { timeout: 120_000 }, () => {
  TERMINAL_SIZES.forEach((size, index) => {
    if (!sizesToRun(1, 2).includes(size)) return;
    const { name, key } = KEYS[index]!;
    it(`${name} keeps the partial answer, marked, out of the model's history, and /resume shows it (${size.cols}×${size.rows})`, async () => {
      const { server, repl } = await startAfterShellLines(pty, SLOW_ANSWER, size);
      await typeLine(repl, "count slowly");
      await repl.waitFor((s) => s.includes("word-3"), "the answer streaming", 60_000);
      repl.write(key);
      const screen = await repl.waitFor(
        (s) => s.includes(INTERRUPTED) && !s.includes("Working…"),
        "the turn marked as interrupted",
        60_000,
      );
      expect(screen).toContain("⏺ word-1 word-2 word-3");
      expect(screen).not.toContain("word-80");
      const shownWords = WORDS.filter((word) => screen.includes(word));
      expect(onceInOrder(repl.scrollback(), SHELL_LINES)).toBeUndefined();

      await typeLine(repl, "go on");
      await repl.waitFor((s) => s.includes("Carrying on from your note."), "the next answer");
      // The partial answer stays on screen and is not sent to the model (contracts.md §5).
      expect(rowsWith(repl.scrollback(), INTERRUPTED)).toHaveLength(1);
      expect(occurrences(repl.scrollback().join("\n"), "word-1 ")).toBe(1);
      const sent = JSON.stringify(server.requests[1]?.body);
      expect(sent).toContain("count slowly");
      expect(sent).toContain("go on");
      expect(sent).not.toContain("word-1");
      expect(occurrences(repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(occurrences(repl.output(), CLEAR_SCREEN)).toBe(0);
      expect(await exitWithCtrlC(repl)).toBe(0);

      const id = await onlySession(pty.stateDir, pty.dir);
      const resumed = pty.spawn(["--resume", id], anthropicEnv(server), pty.dir, size);
      await resumed.waitFor(
        (s) => s.includes(REPL_PROMPT) && s.includes("Resumed session"),
        "the resumed session",
        60_000,
      );
      const scrollback = resumed.scrollback().join("\n");
      expect(occurrences(scrollback, INTERRUPTED)).toBe(1);
      expect(scrollback).toContain("Carrying on from your note.");
      for (const word of shownWords) expect(scrollback).toContain(word);
      expect(scrollback).toContain("3 earlier messages");
      expect(server.violations).toEqual([]);
    });
  });
});
