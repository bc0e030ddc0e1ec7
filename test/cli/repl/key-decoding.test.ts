import { describe, expect, it } from "vitest";
import { decodeKeys } from "../../../src/cli/repl/keys/decode-keys.js";
import { namedKey } from "../../../src/cli/repl/keys/key-press.js";
import { createKeyReader, PASTE_END, PASTE_START } from "../../../src/cli/repl/keys/key-reader.js";

const ENTER = namedKey("return");
const BACKSPACE = namedKey("backspace");

describe("splitting what the terminal sent into keys", () => {
  it("gives text and Enter read together as text, then Enter", () => {
    expect(decodeKeys("hello\r")).toEqual([{ kind: "text", text: "hello" }, ENTER]);
    expect(decodeKeys("one\rtwo\r")).toEqual([
      { kind: "text", text: "one" },
      ENTER,
      { kind: "text", text: "two" },
      ENTER,
    ]);
  });

  it("gives each of several Backspaces read together as a key of its own", () => {
    expect(decodeKeys("\x7f\x7f\x7f")).toEqual([BACKSPACE, BACKSPACE, BACKSPACE]);
    expect(decodeKeys("abc\x7f\x7f")).toEqual([
      { kind: "text", text: "abc" },
      BACKSPACE,
      BACKSPACE,
    ]);
    expect(decodeKeys("\b")).toEqual([BACKSPACE]);
  });

  it("tells Delete (ESC [3~) from Backspace, and reads Home, End and the arrows in both forms", () => {
    expect(decodeKeys("\x1b[3~")).toEqual([namedKey("delete")]);
    expect(decodeKeys("\x1b[H\x1b[F\x1b[1~\x1b[4~\x1bOH\x1bOF")).toEqual(
      ["home", "end", "home", "end", "home", "end"].map((n) => namedKey(n as "home" | "end")),
    );
    expect(decodeKeys("\x1b[A\x1bOB\x1b[C\x1b[D")).toEqual(
      ["up", "down", "right", "left"].map((n) => namedKey(n as "up")),
    );
  });

  it("reads modifiers: Ctrl+← and Alt+→ move by words, Shift+Tab is Tab with Shift", () => {
    expect(decodeKeys("\x1b[1;5D")).toEqual([namedKey("left", { ctrl: true })]);
    expect(decodeKeys("\x1b[1;3C")).toEqual([namedKey("right", { meta: true })]);
    expect(decodeKeys("\x1b[Z")).toEqual([namedKey("tab", { shift: true })]);
  });

  it("reads Shift+Enter as the terminals send it, and Alt+Enter and Ctrl+J", () => {
    const shiftEnter = namedKey("return", { shift: true });
    expect(decodeKeys("\x1b[13;2u")).toEqual([shiftEnter]);
    expect(decodeKeys("\x1b[27;2;13~")).toEqual([shiftEnter]);
    expect(decodeKeys("\x1b\r")).toEqual([namedKey("return", { meta: true })]);
    expect(decodeKeys("\n")).toEqual([shiftEnter]);
  });

  it("reads Ctrl+letters, Alt+letters, Alt+Backspace, a lone Esc and Alt+↑ (ESC ESC [A)", () => {
    expect(decodeKeys("\x01\x05\x12\x04")).toEqual(
      ["a", "e", "r", "d"].map((char) => ({ kind: "ctrl", char })),
    );
    expect(decodeKeys("\x1bb\x1bf")).toEqual([
      { kind: "meta", char: "b" },
      { kind: "meta", char: "f" },
    ]);
    expect(decodeKeys("\x1b\x7f")).toEqual([namedKey("backspace", { meta: true })]);
    expect(decodeKeys("\x1b")).toEqual([namedKey("escape")]);
    expect(decodeKeys("\x1b\x1b")).toEqual([namedKey("escape"), namedKey("escape")]);
    expect(decodeKeys("\x1b\x1b[A")).toEqual([namedKey("up", { meta: true })]);
  });

  it("keeps wide and astral characters in the text, and names sequences it has no use for", () => {
    expect(decodeKeys("héllo 🙂\r")).toEqual([{ kind: "text", text: "héllo 🙂" }, ENTER]);
    expect(decodeKeys("\x1b[I")).toEqual([{ kind: "other", sequence: "\x1b[I" }]);
    expect(decodeKeys("\x1bOP")).toEqual([{ kind: "other", sequence: "\x1bOP" }]);
  });
});

describe("reading pastes", () => {
  it("keeps a bracketed paste whole, line breaks and all, over several reads", () => {
    const reader = createKeyReader();
    expect(reader.read(`ab${PASTE_START}line one\r`)).toEqual([{ kind: "text", text: "ab" }]);
    expect(reader.read("line two\r")).toEqual([]);
    expect(reader.read(PASTE_END)).toEqual([{ kind: "paste", text: "line one\rline two\r" }]);
    expect(reader.read("\r")).toEqual([ENTER]);
  });

  it("reads keys after a paste ends in the same chunk", () => {
    const reader = createKeyReader();
    expect(reader.read(`${PASTE_START}x\ry${PASTE_END}z\r`)).toEqual([
      { kind: "paste", text: "x\ry" },
      { kind: "text", text: "z" },
      ENTER,
    ]);
  });

  it("without bracketed paste, takes a long chunk with line breaks as a paste", () => {
    const reader = createKeyReader(50);
    const long = `${"word ".repeat(12)}\r${"more ".repeat(4)}\r`;
    expect(reader.read(long)).toEqual([{ kind: "paste", text: long }]);
    expect(reader.read("hello\r")).toEqual([{ kind: "text", text: "hello" }, ENTER]);
    expect(reader.read("x".repeat(60))).toEqual([{ kind: "text", text: "x".repeat(60) }]);
  });
});
