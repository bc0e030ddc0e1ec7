import { describe, expect, it } from "vitest";
import {
  capSnippet,
  changedFileSnippet,
} from "../../../src/session/attachments/changed-file-snippet.js";

describe("changed-file snippet", () => {
  it("is undefined for equal texts", () => {
    expect(changedFileSnippet("a\nb", "a\nb")).toBeUndefined();
  });

  it("shows a removal as the surrounding lines of the new text", () => {
    expect(changedFileSnippet("a\nb\nc", "a\nc")).toBe("1\ta\n2\tc");
  });

  it("leaves short snippets whole", () => {
    expect(capSnippet(["1\ta", "2\tb"], 100)).toBe("1\ta\n2\tb");
  });

  it("keeps whole lines within the byte cap, counting multi-byte characters as bytes", () => {
    const line = "é".repeat(10); // 20 bytes
    const capped = capSnippet([line, line, line, line], 70);
    expect(capped).toBe(`${line}\n${line}\n... [2 lines truncated] ...`);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(70);
  });
});
