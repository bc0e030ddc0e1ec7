import { describe, expect, it } from "vitest";
import {
  checkAgentCount,
  checkItemCount,
  MAX_AGENTS_PER_RUN,
  MAX_ITEMS_PER_CALL,
  workflowConcurrency,
} from "../../src/workflows/workflow-limits.js";

describe("workflow caps", () => {
  it("runs max(1, min(16, CPUs - 2)) agents at once", () => {
    expect(workflowConcurrency(1)).toBe(1);
    expect(workflowConcurrency(2)).toBe(1);
    expect(workflowConcurrency(3)).toBe(1);
    expect(workflowConcurrency(8)).toBe(6);
    expect(workflowConcurrency(18)).toBe(16);
    expect(workflowConcurrency(64)).toBe(16);
  });

  it("refuses the agent after the thousandth with a message naming the cap", () => {
    expect(checkAgentCount(MAX_AGENTS_PER_RUN - 1)).toEqual({ ok: true });
    const refused = checkAgentCount(MAX_AGENTS_PER_RUN);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toContain("1000");
  });

  it("refuses a parallel or pipeline call with more than 4096 items", () => {
    expect(checkItemCount("parallel", MAX_ITEMS_PER_CALL)).toEqual({ ok: true });
    const refused = checkItemCount("pipeline", MAX_ITEMS_PER_CALL + 1);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/pipeline\(\) was given 4097 items/);
  });
});
