import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { killTask } from "../../src/tasks/kill-task.js";
import { isAlive } from "../tools/bash/helpers.js";
import { recordedShells, startShell, waitFor, waitForStatus, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

function shellsForTest() {
  const shells = recordedShells(folders.current);
  folders.cleanups.push(() => shells.dispose());
  return shells;
}

describe("a background shell recorded as a task", () => {
  it("writes its output to the task's output.log and ends completed with exit code 0", async () => {
    const shells = shellsForTest();
    const { store } = folders.current;
    const id = await startShell(shells, folders.current, "echo hello; echo oops >&2");
    const task = await waitForStatus(store, id, "completed");
    expect(task).toMatchObject({
      kind: "local_bash",
      command: "echo hello; echo oops >&2",
      sessionId: "session-1",
      exitCode: 0,
      ownerPid: process.pid,
    });
    expect(task.pid).toBe(task.pgid);
    expect(await readFile(store.paths(id).output, "utf8")).toBe("hello\noops\n");
    expect(shells.get(id)?.outputFile).toBe(store.paths(id).output); // TaskOutput reads the same
  });

  it("ends failed with its exit code when the command fails", async () => {
    const shells = shellsForTest();
    const id = await startShell(shells, folders.current, "exit 3");
    const task = await waitForStatus(folders.current.store, id, "failed");
    expect(task).toMatchObject({ status: "failed", exitCode: 3 });
  });

  it("is killed by killTask from outside its session: group stopped, 'killed' everywhere", async () => {
    const shells = shellsForTest();
    const { store, work } = folders.current;
    const id = await startShell(shells, folders.current, "sleep 100 & echo $! > child.pid; wait");
    await waitFor(
      async () => (await readFile(join(work, "child.pid"), "utf8").catch(() => "")) !== "",
    );
    const child = Number.parseInt(await readFile(join(work, "child.pid"), "utf8"), 10);
    const outcome = await killTask(store, id, { graceMs: 500 });
    expect(outcome.outcome).toBe("killed");
    expect((await store.read(id))?.status).toBe("killed");
    expect(await waitFor(() => !isAlive(child))).toBe(true);
    await shells.waitForEnd(id, 5_000);
    expect(shells.get(id)?.status).toBe("killed"); // TaskOutput says the same as keel ps
    expect(await killTask(store, id)).toMatchObject({ outcome: "already_ended" });
  });

  it("stopped by TaskStop (the session) ends killed on disk too", async () => {
    const shells = shellsForTest();
    const { store, work } = folders.current;
    const id = await startShell(shells, folders.current, "touch started; sleep 100");
    await waitFor(async () => (await readFile(join(work, "started")).catch(() => null)) !== null);
    await shells.stop(id);
    expect((await waitForStatus(store, id, "killed")).status).toBe("killed");
  });

  it("records every shell's end before dispose settles", async () => {
    const shells = recordedShells(folders.current);
    const { store } = folders.current;
    const id = await startShell(shells, folders.current, "sleep 100");
    await shells.dispose();
    expect((await store.readRecorded(id))?.status).toBe("killed");
  });

  it("knows nothing of a kill asked for a task that does not exist", async () => {
    expect(await killTask(folders.current.store, "bnothere")).toEqual({ outcome: "unknown" });
    await writeFile(join(folders.current.work, "unused"), "");
  });
});
