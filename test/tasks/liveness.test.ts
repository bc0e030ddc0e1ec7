import { describe, expect, it } from "vitest";
import { EXITED_UNEXPECTEDLY, observedTask } from "../../src/tasks/observed-task.js";
import { nodeProcessProbe, type ProcessProbe } from "../../src/tasks/process-probe.js";
import { meta, sleeper, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

/** A probe where only the listed pids (with their start times) are alive. */
function probeOf(alive: Record<number, string>): ProcessProbe {
  return {
    startTime: (pid) => alive[pid],
    alive: (pid, start) =>
      alive[pid] !== undefined && (start === undefined || alive[pid] === start),
  };
}

describe("a task's status as read", () => {
  it("is failed, 'process exited unexpectedly', once its process was SIGKILLed unrecorded", async () => {
    const { store } = folders.current;
    const process_ = sleeper();
    const start = nodeProcessProbe.startTime(process_.pid);
    await store.create(
      meta({ id: "b1", pid: process_.pid, ...(start ? { pidStartTime: start } : {}) }),
    );
    expect((await store.read("b1"))?.status).toBe("running");
    process.kill(process_.pid, "SIGKILL");
    await process_.exited;
    const task = await store.read("b1");
    expect(task).toMatchObject({ status: "failed", error: EXITED_UNEXPECTEDLY, exitCode: null });
    expect((await store.readRecorded("b1"))?.status).toBe("running"); // reading writes nothing
  });

  it("is failed when the pid now belongs to another process (start time differs)", () => {
    const task = meta({ id: "b1", pid: 42, pidStartTime: "100" });
    expect(observedTask(task, probeOf({ 42: "200" }), 5).status).toBe("failed");
    expect(observedTask(task, probeOf({ 42: "100" }), 5).status).toBe("running");
  });

  it("stays running while its owner lives, though the shell itself has just exited", () => {
    const task = meta({ id: "b1", pid: 42, ownerPid: 7 });
    expect(observedTask(task, probeOf({ 7: "1" }), 5).status).toBe("running");
    expect(observedTask(task, probeOf({}), 5)).toMatchObject({ status: "failed", endedAt: 5 });
  });

  it("is taken at its word when it has ended or has no process yet", () => {
    const ended = meta({ id: "b1", pid: 42, status: "completed", endedAt: 3, exitCode: 0 });
    expect(observedTask(ended, probeOf({}), 5)).toBe(ended);
    const pending = meta({ id: "b2", status: "pending" });
    expect(observedTask(pending, probeOf({}), 5)).toBe(pending);
  });
});
