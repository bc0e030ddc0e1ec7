import { describe, expect, it } from "vitest";
import type { KeyInfo } from "../../../src/cli/repl/input-buffer.js";
import { initialPrompt, type PromptState, promptKey } from "../../../src/cli/repl/prompt-state.js";

const NO_KEY: KeyInfo = {
  return: false,
  shift: false,
  meta: false,
  ctrl: false,
  backspace: false,
  delete: false,
  leftArrow: false,
  rightArrow: false,
  upArrow: false,
  downArrow: false,
  escape: false,
  tab: false,
};

type Press = string | Partial<KeyInfo>;

/** Presses keys in order; returns the final state and every submitted text. */
function press(state: PromptState, ...keys: Press[]): { state: PromptState; sent: string[] } {
  const sent: string[] = [];
  let current = state;
  for (const k of keys) {
    const step =
      typeof k === "string"
        ? promptKey(current, k, NO_KEY)
        : promptKey(current, "", { ...NO_KEY, ...k });
    current = step.state;
    if (step.submitted !== undefined) sent.push(step.submitted);
  }
  return { state: current, sent };
}

const ENTER = { return: true };
const UP = { upArrow: true };
const DOWN = { downArrow: true };

describe("the prompt line", () => {
  it("submits on Enter and starts empty again", () => {
    const { state, sent } = press(initialPrompt([]), "fix ", "the bug", ENTER);
    expect(sent).toEqual(["fix the bug"]);
    expect(state.buffer.text).toBe("");
  });

  it("adds a line with Shift+Enter, Alt+Enter or a backslash before Enter", () => {
    const { state, sent } = press(
      initialPrompt([]),
      "one",
      { return: true, shift: true },
      "two",
      { return: true, meta: true },
      "three\\",
      ENTER,
      "four",
    );
    expect(sent).toEqual([]);
    expect(state.buffer.text).toBe("one\ntwo\nthree\nfour");
  });

  it("keeps the line breaks of pasted text", () => {
    const { state } = press(initialPrompt([]), "a\r\nb\rc");
    expect(state.buffer.text).toBe("a\nb\nc");
  });

  it("leaves out control characters read along with typed text", () => {
    const { state } = press(initialPrompt([]), "ok\u0003\u0003", "\u0007!");
    expect(state.buffer.text).toBe("ok!");
  });

  it("edits at the cursor with the arrows and backspace", () => {
    const { state } = press(
      initialPrompt([]),
      "helo",
      { leftArrow: true },
      "l",
      { rightArrow: true },
      "!",
      {
        backspace: true,
      },
    );
    expect(state.buffer.text).toBe("hello");
  });

  it("walks the history with ↑/↓ and gives back the draft", () => {
    const start = initialPrompt(["first", "second"]);
    const back = press(start, "draft", UP);
    expect(back.state.buffer.text).toBe("second");
    expect(press(back.state, UP).state.buffer.text).toBe("first");
    expect(press(back.state, UP, UP).state.buffer.text).toBe("first");
    expect(press(back.state, UP, DOWN, DOWN).state.buffer.text).toBe("draft");
  });

  it("moves between lines of a multi-line prompt before reaching the history", () => {
    const typed = press(initialPrompt(["old"]), "ab", { return: true, shift: true }, "cd");
    const up = press(typed.state, UP);
    expect(up.state.buffer).toEqual({ text: "ab\ncd", cursor: 2 });
    expect(press(up.state, UP).state.buffer.text).toBe("old");
  });

  it("remembers a sent prompt for ↑ without repeating it", () => {
    const sent = press(initialPrompt(["same"]), "same", ENTER, "other", ENTER);
    expect(sent.state.walk.entries).toEqual(["same", "other"]);
    expect(press(sent.state, UP).state.buffer.text).toBe("other");
  });

  it("does not submit an empty prompt", () => {
    expect(press(initialPrompt([]), "  ", ENTER).sent).toEqual([]);
  });
});
