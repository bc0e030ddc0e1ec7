import { describe, it } from "vitest";
import type { MatrixRow } from "./cell.js";
import { checkCell } from "./checks.js";
import { createPool } from "./pool.js";
import { CELL_TIMEOUT_MS, runCell } from "./run-cell.js";

/** Cells of one file in flight at once: two files run side by side on a 2-core machine. */
const CELLS_AT_ONCE = 2;

/**
 * One describe per row, one concurrent test per runnable cell, named for the fault, the phase
 * and the outcome §5 asks for. Skipped cells are not tests: the table states their reason and
 * test/reliability/matrix-shape.test.ts checks every phase of every row is accounted for.
 */
export function defineRows(rows: readonly MatrixRow[]): void {
  const pool = createPool(CELLS_AT_ONCE);
  for (const row of rows) {
    describe.concurrent(`${row.fault} (${row.how})`, () => {
      for (const cell of row.cells) {
        if (!("plan" in cell)) continue;
        const { plan } = cell;
        const name = `${cell.phase}: ends ${plan.expect}, pairs every tool_use, resumes, ≤ ${plan.maxRequests} requests`;
        it(name, async () => checkCell(plan, await pool(() => runCell(plan))), CELL_TIMEOUT_MS * 3);
      }
    });
  }
}
