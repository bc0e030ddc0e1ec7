import { describe, expect, it } from "vitest";
import { BUILTIN_COMMANDS } from "../../../src/cli/repl/completion/command-list.js";
import type { CompletionSources } from "../../../src/cli/repl/completion/menu.js";
import { searchLine } from "../../../src/cli/repl/history-search.js";
import { createKeyReader } from "../../../src/cli/repl/keys/key-reader.js";
import {
  initialPrompt,
  type PromptEffect,
  type PromptState,
  promptKey,
} from "../../../src/cli/repl/prompt-state.js";

const SOURCES: CompletionSources = { commands: BUILTIN_COMMANDS };

/** Sends chunks as a terminal would; returns the prompt, what was sent and the effects asked. */
function type(state: PromptState, ...chunks: string[]) {
  const reader = createKeyReader();
  const sent: string[] = [];
  const shown: string[] = [];
  const effects: PromptEffect[] = [];
  let current = state;
  for (const chunk of chunks) {
    for (const key of reader.read(chunk)) {
      const step = promptKey(current, key, SOURCES);
      current = step.state;
      if (step.submitted) {
        sent.push(step.submitted.text);
        shown.push(step.submitted.shown);
      }
      if (step.effect) effects.push(step.effect);
    }
  }
  return {
    state: current,
    text: current.buffer.text,
    cursor: current.buffer.cursor,
    sent,
    shown,
    effects,
  };
}

const fresh = (history: string[] = []) => initialPrompt(history);
const LEFT = "\x1b[D";
const UP = "\x1b[A";
const DOWN = "\x1b[B";
const PASTE = (text: string) => `\x1b[200~${text}\x1b[201~`;

describe("keys typed one by one or read together", () => {
  it("submits text and Enter read in one chunk, and each of two prompts typed ahead", () => {
    expect(type(fresh(), "hello\r").sent).toEqual(["hello"]);
    expect(type(fresh(), "h", "e", "l", "l", "o", "\r").sent).toEqual(["hello"]);
    expect(type(fresh(), "one\rtwo\r").sent).toEqual(["one", "two"]);
  });

  it("deletes once per Backspace, however many come together", () => {
    expect(type(fresh(), "abc\x7f\x7f").text).toBe("a");
    expect(type(fresh(), "a", "b", "c", "\x7f", "\x7f").text).toBe("a");
    expect(type(fresh(), "ab\x7f\x7f\x7f\x7fcd").text).toBe("cd");
  });

  it("does not submit an empty prompt", () => {
    expect(type(fresh(), "  \r").sent).toEqual([]);
  });
});

describe("new lines", () => {
  it("adds a line with Shift+Enter (both encodings), Alt+Enter, Ctrl+J and \\ then Enter", () => {
    const typed = type(fresh(), "a\x1b[13;2ub\x1b[27;2;13~c\x1b\rd\ne\\\rf");
    expect(typed.sent).toEqual([]);
    expect(typed.text).toBe("a\nb\nc\nd\ne\nf");
  });
});

describe("moving and deleting", () => {
  it("moves with the arrows, Home and End, and Delete deletes forward", () => {
    expect(type(fresh(), "helo", LEFT, "l").text).toBe("hello");
    expect(type(fresh(), "bc\x1b[Ha\x1b[F!").text).toBe("abc!");
    expect(type(fresh(), "abcd\x1b[H\x1b[3~\x1b[3~").text).toBe("cd");
  });

  it("Ctrl+A/E go to the line's ends, Ctrl+B/F by characters, Alt+B/F by words", () => {
    expect(type(fresh(), "bc\x01a\x05d").text).toBe("abcd");
    expect(type(fresh(), "ac\x02b\x06d").text).toBe("abcd");
    const words = type(fresh(), "one two three\x1bb\x1bb");
    expect(words.cursor).toBe(4);
    expect(type(words.state, "\x1bf").cursor).toBe(7);
    expect(type(fresh(), "one two\x1b[1;5D").cursor).toBe(4);
  });

  it("Ctrl+A and Ctrl+E stay on the cursor's line of a multi-line prompt", () => {
    const typed = type(fresh(), "first\nsecond\x01>");
    expect(typed.text).toBe("first\n>second");
  });

  it("Ctrl+K, Ctrl+U and Ctrl+W cut, and Ctrl+Y puts the cut text back", () => {
    expect(type(fresh(), "keep cut\x1bb\x0b").text).toBe("keep ");
    expect(type(fresh(), "keep cut\x1bb\x0b\x01\x19").text).toBe("cutkeep ");
    expect(type(fresh(), "gone kept\x1bb\x15").text).toBe("kept");
    expect(type(fresh(), "one two three\x17").text).toBe("one two ");
    expect(type(fresh(), "one two\x17\x17\x19").text).toBe("one ");
    expect(type(fresh(), "a\nb\x1b[A\x05\x0b").text).toBe("ab");
  });

  it("Alt+D cuts the next word and Alt+Backspace the one before", () => {
    expect(type(fresh(), "one two\x01\x1bd").text).toBe(" two");
    expect(type(fresh(), "one two\x1b\x7f").text).toBe("one ");
  });

  it("Ctrl+D deletes forward, and on an empty prompt asks to exit", () => {
    expect(type(fresh(), "ab\x01\x04").text).toBe("b");
    expect(type(fresh(), "ab\x01\x04").effects).toEqual([]);
    expect(type(fresh(), "\x04").effects).toEqual(["exit"]);
  });

  it("Esc asks to interrupt, Ctrl+L to redraw, Ctrl+O to switch tool output; none edits", () => {
    const typed = type(fresh(), "keep\x1b", "\x0c\x0f");
    expect(typed.effects).toEqual(["interrupt", "redraw", "toggle-output"]);
    expect(typed.text).toBe("keep");
  });
});

describe("the history", () => {
  it("walks earlier prompts with ↑/↓ and gives back the draft", () => {
    const back = type(fresh(["first", "second"]), "draft", UP);
    expect(back.text).toBe("second");
    expect(type(back.state, UP).text).toBe("first");
    expect(type(back.state, UP, UP).text).toBe("first");
    expect(type(back.state, UP, DOWN, DOWN).text).toBe("draft");
  });

  it("moves between lines of a multi-line prompt before reaching the history", () => {
    const typed = type(fresh(["old"]), "ab\x1b\rcd");
    const up = type(typed.state, UP);
    expect(up.state.buffer).toEqual({ text: "ab\ncd", cursor: 2 });
    expect(type(up.state, UP).text).toBe("old");
  });

  it("remembers a sent prompt for ↑ without repeating it", () => {
    const sent = type(fresh(["same"]), "same\rother\r");
    expect(sent.state.walk.entries).toEqual(["same", "other"]);
    expect(type(sent.state, UP).text).toBe("other");
  });
});

describe("Ctrl+R: searching the history", () => {
  const history = ["make the tests pass", "fix the parser", "explain the tests", "hello"];

  it("finds the newest match, Ctrl+R again an older one, and Enter puts it in the prompt", () => {
    const found = type(fresh(history), "\x12test");
    expect(found.state.search?.match).toBe(2);
    const older = type(found.state, "\x12");
    expect(older.state.search?.match).toBe(0);
    const accepted = type(older.state, "\r");
    expect(accepted.text).toBe("make the tests pass");
    expect(accepted.sent).toEqual([]);
    expect(accepted.state.search).toBeUndefined();
  });

  it("filters as you type and Backspace widens the search again", () => {
    const typed = type(fresh(history), "\x12the p");
    expect(typed.state.search?.match).toBe(1);
    expect(type(typed.state, "\x7f\x7f").state.search?.match).toBe(2);
  });

  it("Esc gives back the prompt as it was before the search", () => {
    const cancelled = type(fresh(history), "draft", "\x12", "hel", "\x1b");
    expect(cancelled.text).toBe("draft");
    expect(cancelled.state.search).toBeUndefined();
    expect(cancelled.effects).toEqual([]);
  });

  it("shows the search and the prompt found on one line", () => {
    const typed = type(fresh(["one\ntwo\nthree", "other"]), "\x12tw");
    const search = typed.state.search;
    if (!search) throw new Error("no search");
    expect(searchLine(search, typed.state.walk.entries)).toBe(
      "(reverse-i-search)`tw': one … (+2 lines)",
    );
    const failing = type(typed.state, "x").state.search;
    if (!failing) throw new Error("no search");
    expect(searchLine(failing, typed.state.walk.entries)).toBe("(failing reverse-i-search)`twx': ");
  });

  it("another key takes the match and then acts: ← moves in it", () => {
    const moved = type(fresh(history), "\x12hello", LEFT, "!");
    expect(moved.text).toBe("hell!o");
  });
});

describe("pastes", () => {
  const long = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\r");

  it("collapses a long paste to a placeholder and sends it whole", () => {
    const typed = type(fresh(), "look: ", PASTE(long));
    expect(typed.text).toBe("look: [Pasted text #1 +29 lines]");
    const sent = type(typed.state, " thanks\r");
    expect(sent.sent).toEqual([`look: ${long.replaceAll("\r", "\n")} thanks`]);
    expect(sent.shown).toEqual(["look: [Pasted text #1 +29 lines] thanks"]);
    expect(sent.state.walk.entries).toEqual(sent.sent);
  });

  it("keeps a pasted line break as text, not Enter, and a short paste as its text", () => {
    const typed = type(fresh(), PASTE("one\rtwo"));
    expect(typed.sent).toEqual([]);
    expect(typed.text).toBe("one\ntwo");
  });

  it("numbers pastes within a prompt and takes a placeholder out whole with Backspace", () => {
    const two = type(fresh(), PASTE(long), " and ", PASTE(`${long}\r`));
    expect(two.text).toBe("[Pasted text #1 +29 lines] and [Pasted text #2 +30 lines]");
    expect(type(two.state, "\x7f").text).toBe("[Pasted text #1 +29 lines] and ");
  });

  it("sends a paste's `$'` and `$&` as they are", () => {
    const code = "a = $'x'\rb = $&\rc = $$\rd";
    expect(type(fresh(), PASTE(code), "\r").sent).toEqual([code.replaceAll("\r", "\n")]);
  });

  it("takes a long multi-line chunk read without paste markers as a paste", () => {
    const chunk = `${"x".repeat(900)}\r${"y".repeat(10)}\r`;
    const typed = type(fresh(), chunk);
    expect(typed.sent).toEqual([]);
    expect(typed.text).toBe("[Pasted text #1 +2 lines]");
  });
});

describe("the / menu", () => {
  it("Tab completes the highlighted command and leaves room for arguments", () => {
    expect(type(fresh(), "/he\t").text).toBe("/help ");
    expect(type(fresh(), "/comp\tkeep the facts").text).toBe("/compact keep the facts");
  });

  it("Enter runs the highlighted command; ↓ moves the highlight first", () => {
    expect(type(fresh(), "/cost\r").sent).toEqual(["/cost"]);
    expect(type(fresh(), "/co", DOWN, "\r").sent).toEqual(["/cost"]);
  });

  it("Enter runs no command the name typed does not start: /ear is unknown, Tab makes it /clear", () => {
    expect(type(fresh(), "/ear\r").sent).toEqual(["/ear"]);
    expect(type(fresh(), "/ear\t").text).toBe("/clear ");
  });

  it("Esc closes the menu (and does not interrupt); Enter then sends what was typed", () => {
    const closed = type(fresh(), "/co\x1b");
    expect(closed.effects).toEqual([]);
    expect(type(closed.state, "\r").sent).toEqual(["/co"]);
  });

  it("a path is no command: /usr/bin/x opens no menu and Enter sends it", () => {
    expect(type(fresh(), "/usr/bin/x fails\r").sent).toEqual(["/usr/bin/x fails"]);
  });
});
