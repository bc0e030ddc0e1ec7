import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PASTE_END, PASTE_START } from "../../../src/cli/repl/keys/key-reader.js";
import {
  answers,
  chars,
  inJson,
  KEY,
  keysCases,
  promptBox,
  sendKeys,
  sentPrompt,
  type WriteMode,
} from "./pty-keys.js";
import { usePtyRepl } from "./pty-repl.js";
import type { PtyScreen } from "./pty-screen.js";

// Issue 25, the prompt editor: pastes and the / menu at each terminal size, both ways of sending.
const pty = usePtyRepl("keel-paste");

const PASTED = Array.from({ length: 30 }, (_, i) => `pasted line ${i + 1}`);

/** A bracketed paste: in pieces (start, each line, end) one per write, else in one write. */
async function paste(screen: PtyScreen, lines: readonly string[], mode: WriteMode) {
  const pieces = [PASTE_START, ...lines.map((line) => `${line}\r`), PASTE_END];
  if (mode === "all in one write") return screen.write(pieces.join(""));
  for (const piece of pieces) {
    screen.write(piece);
    // Apart, so they are likely read apart; the outcome must be the same however they are read.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(keysCases())(
  "pastes and the / menu at $size.cols×$size.rows, keys sent $mode",
  ({ size, mode }) => {
    it("collapses a long paste and sends it whole, completes commands after /, and answers unknown ones itself", {
      timeout: 120_000,
    }, async () => {
      await mkdir(join(pty.dir, ".claude", "commands"), { recursive: true });
      await writeFile(
        join(pty.dir, ".claude", "commands", "review.md"),
        "---\ndescription: Review a file\n---\nReview $ARGUMENTS\n",
      );
      const { server, screen } = await pty.start(answers(2), [], 60_000, size);

      // A bracketed paste is one placeholder; its line breaks are not Enter.
      await sendKeys(screen, chars("see "), mode);
      await paste(screen, PASTED, mode);
      await screen.waitFor(
        (s) => promptBox(s)[0] === "> see [Pasted text #1 +30 lines]",
        "the paste's placeholder",
      );
      expect(server.requests).toHaveLength(0);
      await sendKeys(screen, [...chars(" and sum up"), KEY.enter], mode);
      await screen.waitFor((s) => s.includes("Answer 1."), "the answer to the paste");
      expect(sentPrompt(server, 0)).toContain(inJson(`see ${PASTED.join("\n")}\n and sum up`));
      expect(screen.scrollback()).toContain("> see [Pasted text #1 +30 lines] and sum up");

      // Without paste markers, a long chunk with line breaks is taken as a paste too.
      screen.write(`${"x".repeat(900)}\r${"y".repeat(20)}\r${"z".repeat(20)}`);
      await screen.waitFor((s) => promptBox(s)[0] === "> [Pasted text #1 +2 lines]", "the chunk");
      await sendKeys(screen, [KEY.ctrl("u")], mode);

      // `/` lists the commands, built-in and the project's own; typing filters; Tab completes.
      await sendKeys(screen, ["/"], mode);
      await screen.waitFor((s) => s.includes("❯ /help") && s.includes("/clear"), "the menu");
      await sendKeys(screen, chars("rev"), mode);
      const filtered = await screen.waitFor(
        (s) => s.includes("❯ /review") && s.includes("Review a file (project)"),
        "the project's command",
      );
      expect(filtered).not.toMatch(/^ +(❯ )?\/help/m);
      await sendKeys(screen, [KEY.tab], mode);
      await screen.waitFor((s) => promptBox(s)[0] === "> /review", "the completed command");
      expect(screen.lines().join("\n")).not.toContain("❯");

      // Enter runs the highlighted command; an unknown one is answered here, never sent.
      await sendKeys(screen, [KEY.ctrl("u"), ...chars("/cos"), KEY.enter], mode);
      await screen.waitFor((s) => s.includes("Total cost:"), "the /cost answer");
      await sendKeys(screen, [...chars("/no-such:cmd_2"), KEY.enter], mode);
      await screen.waitFor(
        (s) => s.includes("Unknown command /no-such:cmd_2. /help lists the commands."),
        "the unknown command's notice",
      );
      expect(server.requests).toHaveLength(1);

      // A path is not a command: it goes to the model.
      await sendKeys(screen, [...chars("/usr/bin/x fails"), KEY.enter], mode);
      await screen.waitFor((s) => s.includes("Answer 2."), "the answer to the path");
      expect(sentPrompt(server, 1)).toContain(inJson("/usr/bin/x fails"));
      expect(server.violations).toEqual([]);
    });
  },
);
