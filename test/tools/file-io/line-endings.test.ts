import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  detectLineEnding,
  toLf,
  withLineEnding,
} from "../../../src/tools/builtin/file-io/line-endings.js";

describe("line endings", () => {
  it("detects the ending most lines use", () => {
    expect(detectLineEnding("a\r\nb\r\nc\n")).toBe("\r\n");
    expect(detectLineEnding("a\nb\nc\r\n")).toBe("\n");
    expect(detectLineEnding("no breaks")).toBe("\n");
  });

  it("converts between LF and CRLF without doubling carriage returns", () => {
    expect(withLineEnding("a\nb\r\nc", "\r\n")).toBe("a\r\nb\r\nc");
    expect(withLineEnding("a\r\nb\nc", "\n")).toBe("a\nb\nc");
  });

  it("round-trips any LF text through CRLF", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\r\n]*$/)), (lines) => {
        const text = lines.join("\n");
        expect(toLf(withLineEnding(text, "\r\n"))).toBe(text);
      }),
    );
  });
});
