import { describe, expect, it } from "vitest";
import {
  answers,
  chars,
  inJson,
  KEY,
  keysCases,
  promptBox,
  sendKeys,
  sentPrompt,
} from "./pty-keys.js";
import { TERMINAL_SIZES, usePtyRepl } from "./pty-repl.js";

// Issue 25, the prompt editor: every key at each terminal size, sent one by one and all at once.
const pty = usePtyRepl("keel-keys");

describe.each(keysCases())(
  "the prompt editor at $size.cols×$size.rows, keys sent $mode",
  ({ size, mode }) => {
    it("edits with Backspace, Delete, Home/End and the Emacs keys, adds lines, walks and searches the history, and Ctrl+D exits", {
      timeout: 120_000,
    }, async () => {
      const { server, screen } = await pty.start(answers(4), [], 60_000, size);
      const answered = (n: number) =>
        screen.waitFor((s) => s.includes(`Answer ${n}.`), `answer ${n}`, 60_000);

      // Backspaces read together each delete a character.
      await sendKeys(screen, [...chars("abc"), KEY.backspace, KEY.backspace], mode);
      await screen.waitFor((s) => promptBox(s)[0] === "> a", "a left of abc");
      await sendKeys(screen, [KEY.backspace], mode);

      // Ctrl+A/E, Home/End, Delete forward, Backspace back; text and Enter read together submit.
      await sendKeys(
        screen,
        [
          ...chars("world"),
          KEY.ctrl("a"),
          ...chars("hello "),
          KEY.ctrl("e"),
          "!",
          KEY.home,
          KEY.delete,
          "H",
          KEY.end,
          KEY.backspace,
          "?",
          KEY.enter,
        ],
        mode,
      );
      await answered(1);
      expect(sentPrompt(server, 0)).toContain(inJson("Hello world?"));

      // Cutting and putting back: Ctrl+W, Alt+B, Ctrl+K, Ctrl+Y, Alt+F, Ctrl+F/B, Ctrl+U.
      await sendKeys(
        screen,
        [
          ...chars("drop me"),
          KEY.ctrl("u"),
          ...chars("alpha beta gamma"),
          KEY.ctrl("w"),
          KEY.altB,
          KEY.ctrl("k"),
          KEY.ctrl("a"),
          KEY.ctrl("y"),
          KEY.altF,
          KEY.ctrl("f"),
          KEY.ctrl("b"),
          "+",
          KEY.enter,
        ],
        mode,
      );
      await answered(2);
      expect(sentPrompt(server, 1)).toContain(inJson("beta alpha+ "));
      expect(sentPrompt(server, 1)).not.toContain("drop me");

      // Shift+Enter, Alt+Enter and \ then Enter add lines; Enter sends them all.
      await sendKeys(
        screen,
        [
          ...chars("line one"),
          KEY.shiftEnter,
          ...chars("line two"),
          KEY.altEnter,
          ...chars("line three\\"),
          KEY.enter,
          ...chars("line four"),
          KEY.enter,
        ],
        mode,
      );
      await answered(3);
      expect(sentPrompt(server, 2)).toContain(inJson("line one\nline two\nline three\nline four"));

      // ↑ brings the multi-line prompt back, moves up its lines, then to the prompt before it.
      await sendKeys(screen, [KEY.up], mode);
      await screen.waitFor(
        (s) => promptBox(s).join("|") === "> line one|  line two|  line three|  line four",
        "the multi-line prompt back",
      );
      await sendKeys(screen, [KEY.up, KEY.up, KEY.up, KEY.up], mode);
      await screen.waitFor((s) => promptBox(s)[0] === "> beta alpha+", "the prompt before it");

      // Ctrl+R: typing filters, Ctrl+R again finds an older match, Enter takes one.
      await sendKeys(screen, [KEY.ctrl("u"), KEY.ctrl("r"), "e"], mode);
      await screen.waitFor(
        (s) => s.includes("(reverse-i-search)`e': line one … (+3 lines)"),
        "the newest match",
      );
      await sendKeys(screen, [KEY.ctrl("r")], mode);
      await screen.waitFor(
        (s) => s.includes("(reverse-i-search)`e': beta alpha+"),
        "an older match",
      );
      await sendKeys(screen, [..."zz"], mode);
      await screen.waitFor((s) => s.includes("(failing reverse-i-search)`ezz': "), "no match");
      await sendKeys(screen, [KEY.backspace, KEY.backspace, ..."llo", KEY.enter], mode);
      await screen.waitFor(
        (s) => promptBox(s)[0] === "> Hello world?",
        "the match taken into the prompt",
      );
      expect(server.requests).toHaveLength(3);

      // Esc ends a search with the prompt as it was.
      await sendKeys(screen, [KEY.ctrl("r"), ..."gamma"], mode);
      await screen.waitFor((s) => s.includes("reverse-i-search)`gamma'"), "the second search");
      screen.write(KEY.escape);
      await screen.waitFor(
        (s) => promptBox(s)[0] === "> Hello world?",
        "the prompt before the search",
      );

      // Ctrl+D deletes forward on a line with text, and leaves keel on an empty one.
      await sendKeys(screen, [KEY.ctrl("a"), KEY.ctrl("d")], mode);
      await screen.waitFor((s) => promptBox(s)[0] === "> ello world?", "Ctrl+D deleting forward");
      await sendKeys(screen, [KEY.ctrl("e"), KEY.ctrl("u")], mode);
      await screen.waitFor((s) => promptBox(s)[0] === ">", "the emptied prompt");
      screen.write(KEY.ctrl("d"));
      expect(await screen.exited).toBe(0);
      expect(server.requests).toHaveLength(3);
      expect(server.violations).toEqual([]);
    });
  },
);

describe("Ctrl+C read in one chunk with other keys", () => {
  it("takes effect in order: typed text, then the press clears it, and a second press exits", async () => {
    const { server, screen } = await pty.start(answers(1), [], 60_000, TERMINAL_SIZES[0]);
    screen.write(`draft${KEY.ctrl("c")}kept`);
    await screen.waitFor(
      (s) => s.includes("Press Ctrl+C again to exit") && promptBox(s)[0] === "> kept",
      "the draft cleared and the later text kept",
    );
    screen.write(`${KEY.ctrl("u")}${KEY.ctrl("c")}`);
    expect(await screen.exited).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});
