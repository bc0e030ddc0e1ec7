import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BackgroundShells,
  isTerminalTaskStatus,
  newShellTaskId,
  TASK_STATUSES,
} from "../../../src/tools/background/index.js";
import { type BackgroundSession, useBackgroundSession } from "./helpers.js";

describe("task ids and statuses", () => {
  it("makes ids like Claude Code's: b and eight characters of [0-9a-z]", () => {
    expect(newShellTaskId()).toMatch(/^b[0-9a-z]{8}$/);
    expect(newShellTaskId(() => new Uint8Array([0, 1, 10, 35, 36, 71, 255, 200]))).toBe(
      "b01az0z3k",
    );
  });

  it("treats completed, failed and killed as final", () => {
    expect(TASK_STATUSES.filter(isTerminalTaskStatus)).toEqual(["completed", "failed", "killed"]);
  });
});

describe("the registry", () => {
  let s: BackgroundSession;
  useBackgroundSession((session) => {
    s = session;
  });

  it("draws another id when a new one is already taken", async () => {
    const ids = ["bsame0000", "bsame0000", "bother000"];
    const shells = new BackgroundShells({
      tasksDir: s.root,
      newId: () => ids.shift() ?? "bspent000",
    });
    const request = {
      command: "true",
      shell: "bash",
      cwd: s.work,
      env: { PATH: process.env.PATH },
    };
    await shells.start(request);
    await shells.start(request);
    expect(shells.ids()).toEqual(["bsame0000", "bother000"]);
    await shells.dispose();
  });

  it("records command, description, times, pid and the ending of each shell", async () => {
    const clock = [1_000, 2_000];
    const shells = new BackgroundShells({ tasksDir: s.root, now: () => clock.shift() ?? 3_000 });
    // The shell waits for the test's signal, so it is still running when start() returns.
    const command = "while [ ! -f go ]; do sleep 0.01; done";
    const started = await shells.start({
      command,
      description: "Quick exit",
      shell: "bash",
      cwd: s.work,
      env: { PATH: process.env.PATH },
    });
    expect(started).toMatchObject({ status: "running", startTime: 1_000, pid: expect.any(Number) });
    await writeFile(join(s.work, "go"), "");
    const ended = await shells.waitForEnd(started.id, 10_000);
    expect(ended).toEqual({
      id: started.id,
      type: "local_bash",
      command,
      description: "Quick exit",
      cwd: s.work,
      outputFile: started.outputFile,
      startTime: 1_000,
      pid: started.pid,
      status: "completed",
      endTime: 2_000,
      exitCode: 0,
    });
    await shells.dispose();
  });

  it("describes a shell by its command when no description was given", async () => {
    const task = await s.shells.start({ command: "true", shell: "bash", cwd: s.work, env: {} });
    expect(task.description).toBe("true");
  });
});
