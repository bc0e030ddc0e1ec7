import { describe, expect, it } from "vitest";
import { checkTokenBudget, parseTokenBudget } from "../../src/loop/token-budget.js";

describe("the token budget a prompt asks for", () => {
  it("is read from a +N shorthand at the start or the end, or from 'use/spend N tokens'", () => {
    expect(parseTokenBudget("+500k fix all the tests")).toBe(500_000);
    expect(parseTokenBudget("refactor the parser +2m")).toBe(2_000_000);
    expect(parseTokenBudget("refactor the parser +1.5M.")).toBe(1_500_000);
    expect(parseTokenBudget("please use 2M tokens on this")).toBe(2_000_000);
    expect(parseTokenBudget("spend 1b tokens")).toBe(1_000_000_000);
  });

  it("is absent when the prompt names none", () => {
    expect(parseTokenBudget("add 500k rows to the table")).toBeNull();
    expect(parseTokenBudget("a+500k in the middle")).toBeNull();
    expect(parseTokenBudget("fix the bug")).toBeNull();
  });
});

describe("the token budget decision", () => {
  const fresh = { continuations: 0, lastDelta: 0, lastTurnTokens: 0 };

  it("continues below 90% with a nudge that gives the numbers", () => {
    const decision = checkTokenBudget(fresh, 10_000, 2_500);
    expect(decision).toMatchObject({
      continue: true,
      tracker: { continuations: 1, lastDelta: 2_500, lastTurnTokens: 2_500 },
    });
    expect(decision.continue && decision.nudge).toBe(
      "Stopped at 25% of token target (2,500 / 10,000). Keep working — do not summarize.",
    );
  });

  it("stops at 90% of the budget", () => {
    expect(checkTokenBudget(fresh, 10_000, 9_000)).toEqual({ continue: false });
  });

  it("stops on diminishing returns: after 3 continuations, two gains in a row under 500 tokens", () => {
    const tracker = { continuations: 3, lastDelta: 400, lastTurnTokens: 5_000 };
    expect(checkTokenBudget(tracker, 100_000, 5_300)).toEqual({ continue: false });
    expect(checkTokenBudget({ ...tracker, lastDelta: 800 }, 100_000, 5_300).continue).toBe(true);
    expect(checkTokenBudget({ ...tracker, continuations: 2 }, 100_000, 5_300).continue).toBe(true);
  });
});
