import { expect } from "vitest";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import type { CellPlan, Outcome } from "./cell.js";
import { pairingProblems } from "./pairing.js";
import type { CellFacts, RunFacts } from "./run-cell.js";
import { DONE, RESUMED } from "./scenarios.js";

type ResultLine = Extract<SdkMessage, { type: "result" }>;

function resultOf(run: RunFacts): ResultLine | undefined {
  return run.lines.filter((l): l is ResultLine => l.type === "result").at(-1);
}

/** What each outcome looks like from outside: exit code and the last result line. */
const OUTCOMES: Record<Outcome, { code: number; result: Record<string, unknown> }> = {
  recovered: { code: 0, result: { subtype: "success", is_error: false, result: DONE } },
  api_error: { code: 1, result: { is_error: true } },
  aborted: { code: 130, result: { subtype: "error_during_execution", is_error: true } },
};

/** A short account of a run, printed when a check fails. */
function story(run: RunFacts): string {
  const last = resultOf(run);
  return `exit ${run.code}${run.timedOut ? " (timed out: wedged)" : ""}, ${run.requests} requests, kinds ${run.kinds.join(",")}, result ${JSON.stringify(last)}\nstderr: ${run.stderr.slice(-1500)}`;
}

/**
 * The checks every cell makes: it ends as §5 says, the validator saw nothing wrong, every
 * tool_use in the transcript is answered once, no call ran twice (and dropped calls never
 * ran), the request count stays within the cell's bound, and the session resumes.
 */
export function checkCell(plan: CellPlan, facts: CellFacts): void {
  const { run } = facts;
  const expected = OUTCOMES[plan.expect];
  expect(run.timedOut, story(run)).toBe(false);
  expect(run.violations, story(run)).toEqual([]);
  expect({ code: run.code, result: resultOf(run) }, story(run)).toMatchObject({
    code: expected.code,
    result: expected.result,
  });
  if (plan.expect === "api_error") {
    const errors = run.lines.filter((l) => l.type === "assistant" && "error" in l && l.error);
    expect(errors.length, "an API-error assistant message").toBeGreaterThan(0);
  }
  if (plan.mustSee) expect(run.kinds, "the phase was reached").toContain(plan.mustSee);
  expect(run.requests, `requests (bound: ${plan.bound})`).toBeLessThanOrEqual(plan.maxRequests);
  expect(pairingProblems(facts.transcript), "tool pairing in the transcript").toEqual([]);
  const counts = new Map<string, number>();
  for (const label of facts.ran) counts.set(label, (counts.get(label) ?? 0) + 1);
  expect(
    [...counts].filter(([, n]) => n > 1),
    "tools that ran twice",
  ).toEqual([]);
  for (const label of plan.neverRuns ?? [])
    expect(facts.ran, "a dropped call ran").not.toContain(label);
  expect(facts.resume, "the session has an id to resume").toBeDefined();
  const resume = facts.resume!;
  expect(resume.violations, story(resume)).toEqual([]);
  expect({ code: resume.code, result: resultOf(resume) }, story(resume)).toMatchObject({
    code: 0,
    result: { is_error: false, result: RESUMED },
  });
}
