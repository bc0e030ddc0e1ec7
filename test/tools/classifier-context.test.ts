import { describe, expect, it } from "vitest";
import { capClassifierContext } from "../../src/tools/classifier-context.js";

describe("capClassifierContext", () => {
  it("joins the hooks' parts and is undefined when there are none", () => {
    expect(capClassifierContext(["a", "", "b"])).toBe("a\nb");
    expect(capClassifierContext(["", ""])).toBeUndefined();
  });

  it("keeps 2000 UTF-16 code units, never half an astral character", () => {
    expect(capClassifierContext(["x".repeat(2500)])).toHaveLength(2000);
    const cut = capClassifierContext([`${"x".repeat(1999)}😀`]);
    expect(cut).toBe("x".repeat(1999));
  });
});
