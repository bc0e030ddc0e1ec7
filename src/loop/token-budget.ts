const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };
const NUMBER = String.raw`(\d+(?:\.\d+)?)\s*([kmb])`;
const AT_START = new RegExp(String.raw`^\s*\+${NUMBER}\b`, "i");
const AT_END = new RegExp(String.raw`\s\+${NUMBER}[.!?]?\s*$`, "i");
const VERBOSE = new RegExp(String.raw`\b(?:use|spend)\s+${NUMBER}\s*tokens?\b`, "i");

/**
 * The output-token budget a prompt asks for: "+500k fix the tests", "… +2m", "use 2M tokens",
 * "spend 1b tokens". Null when the prompt names none.
 */
export function parseTokenBudget(prompt: string): number | null {
  for (const pattern of [AT_START, AT_END, VERBOSE]) {
    const match = pattern.exec(prompt);
    if (match) return Number(match[1]) * (MULTIPLIERS[match[2]!.toLowerCase()] ?? 1);
  }
  return null;
}

/** Continue below this share of the budget. */
export const BUDGET_COMPLETION_THRESHOLD = 0.9;
/** Two consecutive gains below this many tokens (after 3 continuations) mean diminishing returns. */
export const BUDGET_DIMINISHING_TOKENS = 500;

/** Where the budget stands: how many continuations, and what the last ones gained. */
export interface BudgetTracker {
  continuations: number;
  lastDelta: number;
  lastTurnTokens: number;
}

/** The budget decision: keep going (with the nudge to send), or stop. */
export type BudgetDecision =
  | { continue: true; nudge: string; tracker: BudgetTracker }
  | { continue: false };

/**
 * Whether to push the model on: below 90% of the budget and not in diminishing returns
 * (three or more continuations and the last two each gained under 500 tokens).
 */
export function checkTokenBudget(
  tracker: BudgetTracker,
  budget: number,
  turnTokens: number,
): BudgetDecision {
  if (budget <= 0) return { continue: false };
  const delta = turnTokens - tracker.lastTurnTokens;
  const diminishing =
    tracker.continuations >= 3 &&
    delta < BUDGET_DIMINISHING_TOKENS &&
    tracker.lastDelta < BUDGET_DIMINISHING_TOKENS;
  if (diminishing || turnTokens >= BUDGET_COMPLETION_THRESHOLD * budget) return { continue: false };
  const pct = Math.round((turnTokens / budget) * 100);
  const format = (n: number) => n.toLocaleString("en-US");
  return {
    continue: true,
    nudge: `Stopped at ${pct}% of token target (${format(turnTokens)} / ${format(budget)}). Keep working — do not summarize.`,
    tracker: {
      continuations: tracker.continuations + 1,
      lastDelta: delta,
      lastTurnTokens: turnTokens,
    },
  };
}
