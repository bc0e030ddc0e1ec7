import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-monitor-cli-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

const monitor = (command: string) => ({
  content: [
    {
      type: "tool_use",
      name: "Monitor",
      input: { command, description: "watch it", timeout_ms: 600_000 },
    },
  ],
});

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

/** Whether a process whose command line holds `marker` is still alive. */
function running(marker: string): boolean {
  const table = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
  return table.split("\n").some((line) => line.includes(marker) && !line.includes("ps -eo"));
}

describe("Monitor in keel -p", () => {
  it("obeys Bash's deny rules, brings a line `tail -f` sees to the busy turn, and is stopped when the result is written", async () => {
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Monitor", "Bash"], deny: ["Bash(touch:*)"] } }),
    );
    const log = join(dir, "app.log");
    await writeFile(log, "");
    const server = await scriptedServer({
      turns: [
        monitor("touch denied.txt"),
        monitor(`tail -f ${log}`),
        // The line is computed, so only the monitor's output (not a command) can carry it; the
        // wait ends once the monitor's task log has it (the bracket keeps grep from matching
        // its own words), then leaves the watcher time to tell it.
        bash(
          `echo "line-from-$((40 + 2))" >> app.log; until grep -rqs 'line-from-4[2]' ${stateDir}/tasks; do sleep 0.05; done; sleep 1`,
        ),
        { content: "done" },
      ],
    });
    const run = await runKeel(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    });
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const denials = only(lines, "result").permission_denials;
    expect(denials).toMatchObject([{ tool_name: "Monitor" }]);
    expect(existsSync(join(dir, "denied.txt"))).toBe(false);
    const last = JSON.stringify(server.requests.at(-1)?.body);
    expect(last).toMatch(/Monitor b[0-9a-z]{8} \(watch it\):\\nline-from-42/);
    expect(running(`tail -f ${log}`)).toBe(false);
  });
});
