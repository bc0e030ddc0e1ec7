import { describe, expect, it } from "vitest";
import { PHASES } from "./harness/cell.js";
import { MATRIX } from "./matrix.js";

describe("the reliability matrix reads as the spec", () => {
  it("has every fault issue #9 names", () => {
    const names = MATRIX.map((row) => row.fault).join(" | ");
    for (const fault of ["529", "429", "500", "reset", "error event", "malformed", "max_tokens"]) {
      expect(names).toContain(fault);
    }
    expect(names).toContain("prompt too long");
    expect(names).toContain("abort");
  });

  it.each(MATRIX.map((row) => [row.fault, row] as const))(
    "%s: every phase appears once, as a runnable cell or a skip with a reason",
    (_, row) => {
      expect(row.cells.map((cell) => cell.phase)).toEqual([...PHASES]);
      for (const cell of row.cells) {
        if ("skip" in cell) expect(cell.skip.length).toBeGreaterThan(20);
        else expect(cell.plan.maxRequests).toBeGreaterThan(0);
      }
    },
  );
});
