import type { SecurityCase } from "./case.js";
import type { CaseRun } from "./run-case.js";

/** One escape as lines: the case, the call, the decision, what it did. */
function describeEscape(run: CaseRun<SecurityCase>): string {
  const decision = run.decision?.behavior ?? "no decision";
  const what = [
    ...run.changes.map((change) => `${change.kind} ${change.path}`),
    ...run.leaked.map((name) => `leaked the ${name} secret`),
  ];
  return `${run.case.id} [class ${run.case.class}, ${run.case.mode}, ${decision}]: ${run.attack.replace(/\n/g, "\\n")}\n    → ${what.join(", ")}`;
}

/** The failure message of the battery: how many escaped, and each escape. */
export function escapeReport(escapes: readonly CaseRun<SecurityCase>[], total: number): string {
  return `${escapes.length} of ${total} cases escaped:\n${escapes.map(describeEscape).join("\n")}`;
}
