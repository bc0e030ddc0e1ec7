import type { CallModel } from "../../loop/params.js";
import { ModelError } from "../../model/errors.js";
import type { RetryingModelEvent } from "../../model/retry.js";

/** The spend limit of a session, checked before every request. */
export interface BudgetGuard {
  maxBudgetUsd: number;
  spentUsd: () => number;
  /** Called once the budget is reached, instead of the request that would pass it. */
  onExceeded: () => void;
}

// biome-ignore lint/correctness/useYield: it ends before any event, like a request aborted at once
async function* refused(): AsyncGenerator<RetryingModelEvent, void, undefined> {
  throw new ModelError({ kind: "aborted" }, "the session's budget is spent");
}

/**
 * A model call that never starts a request once the session has spent its budget: it
 * reports the overrun (the engine aborts the turn) and fails like an aborted request, so the
 * loop ends the turn through its normal abort path.
 */
export function withBudget(callModel: CallModel, guard: BudgetGuard): CallModel {
  return (request, signal, options) => {
    if (guard.spentUsd() < guard.maxBudgetUsd) return callModel(request, signal, options);
    guard.onExceeded();
    return refused();
  };
}
