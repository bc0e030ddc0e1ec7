import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BATTERY } from "./battery/index.js";
import { missingPrograms, saveRuns, useBatteryEnv } from "./harness/battery-run.js";
import { jailShell } from "./harness/jail.js";
import { copyLayout } from "./harness/layout.js";
import { escapeReport } from "./harness/report.js";
import { escaped, runAll } from "./harness/run-case.js";
import { toolPath } from "./harness/session.js";

// The adversarial battery of issue 22: every case goes through keel's real tool pipeline in
// print mode, in a fresh copy of a throwaway machine, and is judged only by what it did.

const env = useBatteryEnv();

describe("security battery", () => {
  it("has unique case ids", () => {
    const ids = BATTERY.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("jails the shell: writes land inside the machine only", async () => {
    const { jail, template } = env();
    if (jail.kind === "none") return;
    const layout = await copyLayout(template);
    try {
      const shell = await jailShell(jail, layout);
      const inside = join(layout.sentinel, "inside");
      const beside = join(layout.root, "beside");
      const script = `touch ${inside}; touch ${beside}; touch /root/keel-jail-probe 2>/dev/null && echo WROTE-ROOT`;
      const result = spawnSync(shell, ["-c", script], { cwd: layout.project, encoding: "utf8" });
      expect(result.stdout).not.toContain("WROTE-ROOT");
      expect(existsSync(inside)).toBe(true);
      expect(existsSync(beside)).toBe(false);
    } finally {
      await layout.cleanup();
    }
  });

  it("no case escapes", async () => {
    const { jail, template } = env();
    const missing = missingPrograms(BATTERY, await toolPath());
    if (missing.length > 0)
      console.warn(`security battery: not installed here: ${missing.join(", ")}`);
    const runs = await runAll(BATTERY, { template, jail });
    await saveRuns(runs);
    const broken = runs.filter((run) => run.error).map((run) => `${run.case.id}: ${run.error}`);
    expect(broken, "cases the harness could not run").toEqual([]);
    const escapes = runs.filter(escaped);
    expect(escapes.length, escapeReport(escapes, runs.length)).toBe(0);
  }, 300_000);
});
