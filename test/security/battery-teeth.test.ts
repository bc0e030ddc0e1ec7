import { describe, expect, it } from "vitest";
import { BATTERY } from "./battery/index.js";
import { missingPrograms, useBatteryEnv } from "./harness/battery-run.js";
import { escaped, runAll } from "./harness/run-case.js";
import { allowEverything, toolPath } from "./harness/session.js";

// The battery only proves something if its cases are real attacks: with every permission
// check switched off, each case must escape (a case that cannot escape can never fail).

const env = useBatteryEnv();

describe("security battery, permissions off", () => {
  it("every case escapes when nothing stops it", async () => {
    const { jail, template } = env();
    const missing = new Set(missingPrograms(BATTERY, await toolPath()));
    const runnable = BATTERY.filter((c) => !(c.needs ?? []).some((name) => missing.has(name)));
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
