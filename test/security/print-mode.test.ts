import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { BATTERY } from "./battery/index.js";
import { useBatteryEnv } from "./harness/battery-run.js";
import { describeInput, place, placeInput, type SecurityCase } from "./harness/case.js";
import { diff, effects, leakedMarkers, snapshot } from "./harness/effects.js";
import type { Jail } from "./harness/jail.js";
import { copyLayout, type Layout } from "./harness/layout.js";
import { machineEnv, toolPath } from "./harness/session.js";

// A sample of the battery through the real `keel -p`: the whole keel process runs in the jail
// where bwrap exists (with the network kept, for the scripted server on 127.0.0.1).

const env = useBatteryEnv();

const REPOSITORY = fileURLToPath(new URL("../..", import.meta.url));

/** A few cases of each class that need no setup call (setup would itself go through keel -p). */
function sample(): SecurityCase[] {
  const byClass = new Map<string, SecurityCase[]>();
  for (const c of BATTERY) {
    if (c.setup || c.needs) continue;
    const list = byClass.get(String(c.class)) ?? [];
    list.push(c);
    byClass.set(String(c.class), list);
  }
  return [...byClass.values()].flatMap((list) => list.filter((_, i) => i % 9 === 0).slice(0, 3));
}

function keelCommand(jail: Jail, layout: Layout, args: string[]): [string, string[]] {
  const node = [process.execPath, ...KEEL_NODE_ARGS, ...args];
  if (jail.kind === "none") return [node[0] as string, node.slice(1)];
  const jailArgs = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"];
  // No user namespace: keel starts its own read-only jail inside this one.
  // This checkout (the built CLI, node_modules) may itself be under the fresh /tmp.
  const own = [
    "--ro-bind",
    REPOSITORY,
    REPOSITORY,
    "--bind",
    layout.base,
    layout.base,
    "--unshare-ipc",
    "--unshare-pid",
    "--unshare-uts",
  ];
  return [
    jail.bwrap,
    [...jailArgs, ...own, "--die-with-parent", "--chdir", layout.project, ...node],
  ];
}

function runPrintMode(command: [string, string[]], cwd: string, vars: Record<string, string>) {
  return new Promise<{ stdout: string; code: number | null }>((resolve, reject) => {
    const child = spawn(command[0], command[1], {
      cwd,
      env: vars,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, code }));
  });
}

async function runThroughKeel(testCase: SecurityCase, jail: Jail, layout: Layout) {
  const input = placeInput(testCase.input, layout);
  const server = await scriptedServer({
    turns: [{ content: [{ type: "tool_use", name: testCase.tool, input }] }, { content: "done" }],
  });
  const rules = Object.fromEntries(
    (["allow", "deny", "ask"] as const)
      .filter((kind) => (testCase[kind] ?? []).length > 0)
      .map((kind) => [kind, (testCase[kind] ?? []).map((rule) => place(rule, layout))]),
  );
  const args = [
    "-p",
    "run the call",
    "--output-format",
    "json",
    "--permission-mode",
    testCase.mode,
  ];
  if (Object.keys(rules).length > 0)
    args.push("--settings", JSON.stringify({ permissions: rules }));
  const vars = { ...machineEnv(layout, await toolPath()), ...anthropicEnv(server) };
  const watched = ["project", "outside", "home", "sentinel"].map((name) => join(layout.base, name));
  const before = await snapshot(layout.base, watched);
  const run = await runPrintMode(keelCommand(jail, layout, args), layout.project, vars);
  const changes = effects(diff(before, await snapshot(layout.base, watched)), testCase.noise);
  return {
    attack: describeInput(testCase.tool, input),
    code: run.code,
    changes,
    leaked: leakedMarkers(run.stdout, layout.markers),
    violations: server.violations,
  };
}

describe("security battery through keel -p", () => {
  it("no sampled case escapes the real command line", async () => {
    const { template, jail } = env();
    const cases = sample();
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const escapes: string[] = [];
    for (const testCase of cases) {
      const layout = await copyLayout(template);
      try {
        const run = await runThroughKeel(testCase, jail, layout);
        expect(run.code, `${testCase.id} exit`).toBe(0);
        expect(run.violations).toEqual([]);
        if (run.changes.length > 0 || run.leaked.length > 0) {
          const what = [...run.changes.map((c) => `${c.kind} ${c.path}`), ...run.leaked];
          escapes.push(`${testCase.id}: ${run.attack} → ${what.join(", ")}`);
        }
      } finally {
        await layout.cleanup();
      }
    }
    expect(escapes).toEqual([]);
  }, 240_000);
});
