import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { followTaskOutput } from "../../src/tasks/follow-output.js";
import { recordedShells, startShell, waitFor, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

describe("following a task's output", () => {
  it("prints what the task appends, in order, until it ends (logs -f)", async () => {
    const shells = recordedShells(folders.current);
    folders.cleanups.push(() => shells.dispose());
    const { store, work } = folders.current;
    const script =
      "echo one; while [ ! -e go ]; do sleep 0.02; done; echo two; while [ ! -e end ]; do sleep 0.02; done; echo three";
    const id = await startShell(shells, folders.current, script);
    const task = await store.read(id);
    if (!task) throw new Error("no task");
    let printed = "";
    const followed = followTaskOutput(
      store,
      task,
      async (text) => {
        printed += text;
      },
      { follow: true, polling: { intervalMs: 20 } },
    );
    expect(await waitFor(() => printed === "one\n")).toBe(true);
    await writeFile(join(work, "go"), "");
    expect(await waitFor(() => printed === "one\ntwo\n")).toBe(true);
    await writeFile(join(work, "end"), "");
    const ended = await followed;
    expect(ended.status).toBe("completed");
    expect(printed).toBe("one\ntwo\nthree\n");
  });

  it("without follow, prints what there is and returns while the task runs on", async () => {
    const shells = recordedShells(folders.current);
    folders.cleanups.push(() => shells.dispose());
    const { store, work } = folders.current;
    const id = await startShell(shells, folders.current, "echo first; touch said; sleep 100");
    await waitFor(async () => (await store.read(id)) !== undefined);
    await waitFor(() => existsSync(join(work, "said")));
    const task = await store.read(id);
    if (!task) throw new Error("no task");
    let printed = "";
    const print = async (text: string) => {
      printed += text;
    };
    const at = await followTaskOutput(store, task, print, { follow: false });
    expect(printed).toBe("first\n");
    expect(at.status).toBe("running");
  });
});
