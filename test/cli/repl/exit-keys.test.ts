import { describe, expect, it } from "vitest";
import { ctrlCMeaning, ctrlCPresses, DOUBLE_PRESS_MS } from "../../../src/cli/repl/exit-keys.js";

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
  });
});
