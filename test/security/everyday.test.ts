import { describe, expect, it } from "vitest";
import { EVERYDAY } from "./everyday/corpus.js";
import { missingPrograms, useBatteryEnv } from "./harness/battery-run.js";
import { checkEveryday, describeFailures } from "./harness/everyday-check.js";
import type { PermissionGate } from "./harness/session.js";
import { allowEverything, toolPath } from "./harness/session.js";

// The other side of the battery: commands developers run all day must stay auto-allowed in
// print mode (default mode, no rules), and must really change nothing.

const env = useBatteryEnv();

const refuseEverything: PermissionGate = () => async () => ({
  behavior: "deny",
  message: "refused by the guard test",
});

describe("everyday corpus", () => {
  it("has at least 170 distinct commands", () => {
    const commands = EVERYDAY.map((e) => e.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands.length).toBeGreaterThanOrEqual(170);
  });

  it("every command is allowed in print mode and changes nothing", async () => {
    const missing = new Set(missingPrograms(EVERYDAY, await toolPath()));
    if (missing.size > 0) {
      console.warn(`everyday corpus: skipped, not installed here: ${[...missing].join(", ")}`);
    }
    const runnable = EVERYDAY.filter((e) => !(e.needs ?? []).some((name) => missing.has(name)));
    const failures = await checkEveryday(runnable, env());
    expect(failures, describeFailures(failures)).toEqual([]);
  }, 300_000);

  // The check must be able to fail, both ways it can.
  it("a gate that refuses everything fails every command", async () => {
    const failures = await checkEveryday(EVERYDAY.slice(0, 20), {
      ...env(),
      gate: refuseEverything,
    });
    expect(failures.map((f) => f.problem)).toEqual(Array(20).fill("not allowed"));
  });

  it("a command that writes is caught even when allowed", async () => {
    const writes = [{ command: "touch new-file" }, { command: "echo x >> notes.txt" }];
    const failures = await checkEveryday(writes, { ...env(), gate: allowEverything });
    expect(failures.map((f) => f.problem)).toEqual(["had an effect", "had an effect"]);
  });
});
