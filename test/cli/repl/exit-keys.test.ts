import { describe, expect, it } from "vitest";
import {
  ctrlCMeaning,
  ctrlCPresses,
  DOUBLE_PRESS_MS,
  isCtrlCKey,
} from "../../../src/cli/repl/exit-keys.js";

describe("Ctrl+C presses", () => {
  it("exits on a second press within the window, else counts as a first press", () => {
    expect(ctrlCMeaning(undefined, 5_000)).toEqual({ kind: "first", at: 5_000 });
    expect(ctrlCMeaning(5_000, 5_000 + DOUBLE_PRESS_MS)).toEqual({ kind: "exit" });
    expect(ctrlCMeaning(5_000, 5_001 + DOUBLE_PRESS_MS)).toEqual({
      kind: "first",
      at: 5_001 + DOUBLE_PRESS_MS,
    });
  });

  it("counts presses read as one chunk by a busy process", () => {
    expect(ctrlCPresses("c", { ctrl: true })).toBe(1);
    expect(ctrlCPresses("\u0003\u0003", { ctrl: false })).toBe(2);
    expect(ctrlCPresses("c", { ctrl: false })).toBe(0);
    expect(ctrlCPresses("", { ctrl: false })).toBe(0);
    expect(ctrlCPresses("ab\u0003c\u0003", { ctrl: false })).toBe(2);
    expect(ctrlCPresses("\u001b[200~a\u0003b\u001b[201~", { ctrl: false })).toBe(0);
  });

  it("knows the prompt editor's Ctrl+C among its keys", () => {
    expect(isCtrlCKey({ kind: "ctrl", char: "c" })).toBe(true);
    expect(isCtrlCKey({ kind: "ctrl", char: "d" })).toBe(false);
    expect(isCtrlCKey({ kind: "text", text: "c" })).toBe(false);
  });
});
