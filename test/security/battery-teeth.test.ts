import { describe, expect, it } from "vitest";
import { BATTERY } from "./battery/index.js";
import { missingPrograms, useBatteryEnv } from "./harness/battery-run.js";
import { escaped, runAll } from "./harness/run-case.js";
import { allowEverything, toolPath } from "./harness/session.js";

// The battery only proves something if its cases are real attacks: with every permission
// check switched off, each case must escape (a case that cannot escape can never fail).
// A quarter of each class runs by default (the suite's time on two cores); KEEL_ALL_TEETH=1
// runs every case, as after adding cases.

const env = useBatteryEnv();

/** Every fourth case of each class (its first included), or every case with KEEL_ALL_TEETH=1. */
function chosen(cases: typeof BATTERY): typeof BATTERY {
  if (process.env.KEEL_ALL_TEETH === "1") return cases;
  const seen = new Map<string, number>();
  return cases.filter((c) => {
    const index = seen.get(String(c.class)) ?? 0;
    seen.set(String(c.class), index + 1);
    return index % 4 === 0;
  });
}

describe("security battery, permissions off", () => {
  it("every case escapes when nothing stops it", async () => {
    const { jail, template } = env();
    const missing = new Set(missingPrograms(BATTERY, await toolPath()));
    const runnable = chosen(BATTERY).filter(
      (c) => !(c.needs ?? []).some((name) => missing.has(name)),
    );
    const runs = await runAll(runnable, {
      template,
      jail,
      gate: allowEverything,
      toolFilters: false,
    });
    const broken = runs.filter((run) => run.error).map((run) => `${run.case.id}: ${run.error}`);
    expect(broken, "cases the harness could not run").toEqual([]);
    const toothless = runs
      .filter((run) => !escaped(run))
      .map(
        (run) =>
          `${run.case.id}: ${run.attack.replace(/\n/g, "\\n")}\n    → ${run.resultText.slice(0, 300).replace(/\n/g, " ")}`,
      );
    expect(toothless, `cases with no effect even when allowed:\n${toothless.join("\n")}`).toEqual(
      [],
    );
  }, 300_000);
});
