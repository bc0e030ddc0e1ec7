import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll } from "vitest";
import type { SecurityCase } from "./case.js";
import { chooseJail, type Jail, onPath } from "./jail.js";
import { buildTemplate, type LayoutTemplate } from "./layout.js";
import type { CaseRun } from "./run-case.js";

/** What a battery test file works with: the template machine and the jail, made once per file. */
export interface BatteryEnv {
  template: LayoutTemplate;
  jail: Jail;
}

/**
 * Builds the template before the file's tests and removes it after. Choosing the jail throws
 * when KEEL_REQUIRE_BWRAP=1 and bwrap is missing, which fails every test of the file.
 */
export function useBatteryEnv(): () => BatteryEnv {
  let env: BatteryEnv | undefined;
  beforeAll(async () => {
    const jail = chooseJail();
    if (jail.kind === "none") {
      console.warn(
        "security battery: bwrap is not on PATH, so cases run unjailed (their targets stay inside the layout)",
      );
    }
    env = { template: await buildTemplate(), jail };
  });
  afterAll(async () => {
    await env?.template.cleanup();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error("the battery environment exists only while the file's tests run");
    return env;
  };
}

/** The programs cases need that this machine lacks (`rg` counts as present: keel ships it). */
export function missingPrograms(cases: readonly { needs?: string[] }[], path: string): string[] {
  const needed = new Set(cases.flatMap((c) => c.needs ?? []));
  return [...needed].filter((name) => !onPath(name, path)).sort();
}

/** Writes the runs as JSON where KEEL_BATTERY_REPORT says (for reading escapes outside vitest). */
export async function saveRuns(
  runs: readonly CaseRun<SecurityCase>[],
  env = process.env,
): Promise<void> {
  const target = env.KEEL_BATTERY_REPORT;
  if (!target) return;
  const rows = runs.map((run) => ({
    id: run.case.id,
    class: run.case.class,
    attack: run.attack,
    decision: run.decision?.behavior,
    changes: run.changes,
    leaked: run.leaked,
    error: run.error,
  }));
  await writeFile(target, `${JSON.stringify(rows, null, 2)}\n`);
}
