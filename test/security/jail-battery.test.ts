import { describe, expect, it } from "vitest";
import { BATTERY } from "./battery/index.js";
import { missingPrograms, useBatteryEnv } from "./harness/battery-run.js";
import { runAll } from "./harness/run-case.js";
import { allowEverything, toolPath } from "./harness/session.js";

// The jail on its own (issue 23): Bash cases of every class of the battery, allowed as if the analysis
// had called each one read-only, runs in keel's read-only jail with a plain shell. A wrong
// verdict must then change nothing. (Secrets outside Read deny rules stay readable in the
// jail: reads are the analysis' business, so only changes are judged here.)

const env = useBatteryEnv();

describe("security battery, everything jailed", () => {
  it("no Bash case changes anything inside keel's read-only jail", async () => {
    const { jail, template } = env();
    if (jail.kind === "none") {
      console.warn("jail battery skipped: bwrap is not on PATH");
      return;
    }
    const missing = new Set(missingPrograms(BATTERY, await toolPath()));
    // A quarter of each class's Bash cases (all of them take minutes on two cores).
    const bash = BATTERY.filter(
      (c) => c.tool === "Bash" && !(c.needs ?? []).some((name) => missing.has(name)),
    );
    const cases = bash.filter((c) => bash.filter((d) => d.class === c.class).indexOf(c) % 4 === 0);
    expect(new Set(cases.map((c) => c.class)).size).toBe(new Set(bash.map((c) => c.class)).size);
    const runs = await runAll(cases, {
      template,
      jail,
      gate: allowEverything,
      keelJail: "everything",
    });
    expect(runs.filter((run) => run.error).map((run) => `${run.case.id}: ${run.error}`)).toEqual(
      [],
    );
    const changed = runs
      .filter((run) => run.changes.length > 0)
      .map(
        (run) =>
          `${run.case.id}: ${run.attack} → ${run.changes.map((c) => `${c.kind} ${c.path}`).join(", ")}`,
      );
    expect(changed).toEqual([]);
  }, 300_000);
});
