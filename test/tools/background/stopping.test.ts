import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type BackgroundSession,
  callTool,
  eventually,
  isAlive,
  startInBackground,
  useBackgroundSession,
  waitForFile,
} from "./helpers.js";

describe("background shells are stopped: by TaskStop, by dispose, never by the Bash call", () => {
  let s: BackgroundSession;
  const started: number[] = [];
  useBackgroundSession((session) => {
    s = session;
  });
  afterEach(() => {
    for (const pid of started.splice(0)) {
      if (isAlive(pid)) process.kill(pid, "SIGKILL"); // never leave a process behind a failed test
    }
  });

  const logOf = (id: string): string => readFileSync(s.shells.get(id)?.outputFile ?? "", "utf8");

  const pidOf = (id: string): number => {
    const pid = s.shells.get(id)?.pid;
    if (pid === undefined) throw new Error(`task ${id} has no pid`);
    started.push(pid);
    return pid;
  };

  it("TaskStop kills a looping command's whole group and marks it killed", async () => {
    const id = await startInBackground(
      s,
      `sleep 100 & echo $! > child.pid; while true; do echo x; sleep 0.05; done`,
    );
    const pid = pidOf(id);
    const child = await waitForPid(s, "child.pid", started);
    const { data, text } = await callTool(s.taskStop, { task_id: id }, s.context());
    expect(data.outcome).toBe("stopped");
    expect(data.state.status).toBe("killed");
    expect(text).toContain(`Stopped background task ${id}`);
    expect(isAlive(pid)).toBe(false); // TaskStop returns once the shell has exited
    expect(await eventually(() => !isAlive(child))).toBe(true);
    const output = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(output.data.task.status).toBe("killed");
  });

  it("escalates to SIGKILL when the command ignores SIGTERM", async () => {
    const id = await startInBackground(
      s,
      "trap '' TERM; echo ready; while true; do sleep 0.05; done",
    );
    const pid = pidOf(id);
    expect(await eventually(() => logOf(id).includes("ready"))).toBe(true); // the trap is set
    await callTool(s.taskStop, { task_id: id }, s.context());
    expect(isAlive(pid)).toBe(false);
    expect(s.shells.get(id)).toMatchObject({ status: "killed", exitSignal: "SIGKILL" });
  });

  it("says a task that has already finished had finished, and leaves it as it was", async () => {
    const id = await startInBackground(s, "echo done");
    await callTool(s.taskOutput, { task_id: id }, s.context());
    const { data, text, isError } = await callTool(s.taskStop, { task_id: id }, s.context());
    expect(data.outcome).toBe("already_ended");
    expect(data.state.status).toBe("completed");
    expect(isError).toBe(false);
    expect(text).toBe(
      `Background task ${id} (echo done) had already finished (completed, exit code 0); nothing was stopped.`,
    );
  });

  it("dispose() stops every shell still running and refuses new ones", async () => {
    const one = await startInBackground(s, waitForFile("never"));
    const two = await startInBackground(
      s,
      "trap '' TERM; echo ready; while true; do sleep 0.05; done",
    );
    const finished = await startInBackground(s, "true");
    await s.shells.waitForEnd(finished, 10_000);
    const pids = [pidOf(one), pidOf(two)];
    expect(await eventually(() => logOf(two).includes("ready"))).toBe(true);
    await s.shells.dispose();
    expect(pids.map(isAlive)).toEqual([false, false]);
    expect(s.shells.list().map((task) => task.status)).toEqual(["killed", "killed", "completed"]);
    await expect(startInBackground(s, "true")).rejects.toThrow(/no more background shells/);
  });

  it("an abort of the Bash call does not stop a background shell it started", async () => {
    const controller = new AbortController();
    const id = await startInBackground(
      s,
      `${waitForFile("go")}; echo survived`,
      s.context({ signal: controller.signal }),
    );
    const pid = pidOf(id);
    controller.abort();
    await callTool(s.bash, { command: "true" }, s.context()); // let the abort be seen by anyone listening
    expect(isAlive(pid)).toBe(true);
    await writeFile(join(s.work, "go"), "");
    const { data } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(data.task.status).toBe("completed");
    expect(data.output.text).toBe("survived\n");
  });

  it("does not start anything when the Bash call was aborted before it began", async () => {
    const controller = new AbortController();
    controller.abort();
    const { data } = await callTool(
      s.bash,
      { command: "echo never", run_in_background: true },
      s.context({ signal: controller.signal }),
    );
    expect(data.background).toBeUndefined();
    expect(data.interrupted).toBe(true);
    expect(s.shells.list()).toEqual([]);
  });

  it("stops what a finished command left running in its group", async () => {
    const id = await startInBackground(s, "sleep 100 & echo $! > child.pid; echo parent done");
    const child = await waitForPid(s, "child.pid", started);
    const { data } = await callTool(s.taskOutput, { task_id: id }, s.context());
    expect(data.task.status).toBe("completed");
    expect(await eventually(() => !isAlive(child))).toBe(true);
  });
});

/** Waits until a command has written a pid to `name` in the working folder, and reads it. */
async function waitForPid(s: BackgroundSession, name: string, started: number[]): Promise<number> {
  const path = join(s.work, name);
  const read = () => (existsSync(path) ? Number.parseInt(readFileSync(path, "utf8"), 10) : 0);
  expect(await eventually(() => read() > 0)).toBe(true);
  started.push(read());
  return read();
}
