import { describe, expect, it } from "vitest";
import { REPL_PROMPT, sizesToRun, usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";
import {
  CLEAR_SCREEN,
  CLEAR_SCROLLBACK,
  occurrences,
  onceInOrder,
  rowsWith,
  SHELL_LINES,
  startAfterShellLines,
  typeKeyByKey,
} from "./screen-checks.js";

const pty = usePtyRepl("keel-screen-compact");

const COMPACTED = {
  turnMode: "count",
  turns: [{ content: "Parsers parse." }, { content: "Still with you." }],
  side: [
    {
      match: { requestKind: "compact" },
      content: "<analysis>short</analysis><summary>The user asked about parsers.</summary>",
    },
  ],
};

/** The user messages of a request, as text. */
function userTexts(body: unknown): string[] {
  const { messages } = body as { messages: Array<{ role: string; content: unknown }> };
  return messages
    .filter((m) => m.role === "user")
    .flatMap((m) =>
      typeof m.content === "string"
        ? [m.content]
        : (m.content as Array<{ type: string; text?: string }>).map((b) => b.text ?? `[${b.type}]`),
    );
}

describe("/compact, then /resume of the compacted session", { timeout: 120_000 }, () => {
  for (const size of sizesToRun(1)) {
    it(`sends no answered prompt again, and /resume shows the whole conversation with one count (${size.cols}×${size.rows})`, async () => {
      const first = await startAfterShellLines(pty, COMPACTED, size);
      const { server, repl } = first;
      await typeLine(repl, "tell me about parsers");
      await repl.waitFor((s) => s.includes("Parsers parse."), "the first answer");
      await typeKeyByKey(repl, "/compact");
      await repl.waitFor((s) => s.includes("Conversation compacted"), "the compaction");
      // The screen keeps what it showed.
      expect(repl.lines().join("\n")).toContain("Parsers parse.");
      await typeLine(repl, "go on");
      await repl.waitFor((s) => s.includes("Still with you."), "the answer after /compact");
      const sent = userTexts(server.requests[2]?.body);
      expect(sent.at(-1)).toBe("go on");
      // The answered prompt is not sent again as one still to do.
      expect(sent).not.toContain("tell me about parsers");
      expect(sent.join("\n")).toContain("The user asked about parsers.");
      expect(await exitWithCtrlC(repl)).toBe(0);

      const second = await startAfterShellLines(pty, { turns: [{ content: "unused" }] }, size);
      await typeLine(second.repl, "/resume");
      const picker = await second.repl.waitFor(
        (s) => s.includes("Resume which session?") && s.includes("tell me about parsers"),
        "the session picker",
      );
      expect(picker).toContain("4 messages");
      second.repl.write("\r");
      await second.repl.waitFor(
        (s) => s.includes("Resumed session") && s.includes(REPL_PROMPT),
        "the switch",
      );
      const rows = second.repl.scrollback();
      expect(rowsWith(rows, "(4 earlier messages)")).toHaveLength(1);
      // The whole conversation, the answer before the compaction included, each line once.
      const conversation = [
        "tell me about parsers",
        "Parsers parse.",
        "Conversation compacted",
        "go on",
        "Still with you.",
      ];
      const redrawn = rows.slice(rows.findIndex((row) => row.includes("> /resume")));
      expect(onceInOrder(redrawn, conversation)).toBeUndefined();
      expect(onceInOrder(rows, SHELL_LINES)).toBeUndefined();
      expect(occurrences(second.repl.output(), CLEAR_SCROLLBACK)).toBe(0);
      expect(occurrences(second.repl.output(), CLEAR_SCREEN)).toBe(0);
      expect(server.violations).toEqual([]);
      expect(second.server.violations).toEqual([]);
    });
  }
});
