import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunKeelOptions, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { eventually, isAlive } from "../tools/bash/helpers.js";

let dir: string;
let stateDir: string;
const started: number[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-bg-"));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
});

afterEach(async () => {
  for (const pid of started.splice(0)) {
    if (isAlive(pid)) process.kill(pid, "SIGKILL"); // never leave a sleeper behind a failed test
  }
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

/** Starts a background shell (and a child in its group), then waits until both pids are written. */
const startAndWait = [
  {
    content: [
      toolUse("Bash", {
        command: "sleep 100 & echo $! > child.pid; echo $$ > shell.pid; wait",
        run_in_background: true,
      }),
    ],
  },
  {
    content: [
      toolUse("Bash", {
        command: "while [ ! -s shell.pid ] || [ ! -s child.pid ]; do sleep 0.02; done",
      }),
    ],
  },
];

function pids(): number[] {
  const read = (name: string) => Number.parseInt(readFileSync(join(dir, name), "utf8"), 10);
  const found = existsSync(join(dir, "shell.pid")) ? [read("shell.pid"), read("child.pid")] : [];
  started.push(...found);
  return found;
}

async function keel(turns: unknown[], onStdout?: RunKeelOptions["onStdout"]) {
  const server = await scriptedServer({ turns });
  const run = await runKeel(
    [
      "-p",
      "start a server",
      "--output-format",
      "stream-json",
      "--verbose",
      "--permission-mode",
      "bypassPermissions",
    ],
    {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
      ...(onStdout ? { onStdout } : {}),
    },
  );
  return { run, server };
}

describe("keel -p leaves no background shell behind", () => {
  it("stops background shells when the turn ends", async () => {
    const { run, server } = await keel([...startAndWait, { content: "Started it." }]);
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    const [shell, child] = pids();
    expect(shell).toBeGreaterThan(0);
    expect(await eventually(() => !isAlive(shell ?? 0) && !isAlive(child ?? 0))).toBe(true);
  });

  it("stops background shells when keel is stopped with SIGTERM", async () => {
    let stdout = "";
    let signalled = false;
    const { run } = await keel(
      [...startAndWait, { content: "never sent", faults: [{ type: "stall", ms: 60_000 }] }],
      (chunk, child) => {
        stdout += chunk;
        if (!signalled && stdout.split('"type":"tool_result"').length > 2) {
          signalled = true; // both tool results are out: the background shell runs, the model stalls
          child.kill("SIGTERM");
        }
      },
    );
    expect(signalled).toBe(true);
    expect(run.code).toBe(143);
    const [shell, child] = pids();
    expect(shell).toBeGreaterThan(0);
    expect(await eventually(() => !isAlive(shell ?? 0) && !isAlive(child ?? 0))).toBe(true);
  });
});
