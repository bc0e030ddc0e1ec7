import { readdir, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { TaskStore } from "../../src/tasks/task-store.js";
import { meta, withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

describe("the task store on disk", () => {
  it("keeps one folder per task with meta.json and an empty output.log", async () => {
    const { store } = folders.current;
    await store.create(meta({ id: "b1", status: "pending" }));
    expect((await readdir(store.paths("b1").dir)).sort()).toEqual(["meta.json", "output.log"]);
    expect(await store.readRecorded("b1")).toMatchObject({ id: "b1", status: "pending" });
  });

  it("replaces meta.json whole and leaves no temporary file behind", async () => {
    const { store } = folders.current;
    await store.create(meta({ id: "b1", status: "pending" }));
    await store.write(meta({ id: "b1", status: "completed", endedAt: 2_000, exitCode: 0 }));
    expect(await store.readRecorded("b1")).toMatchObject({ status: "completed", exitCode: 0 });
    expect((await readdir(store.paths("b1").dir)).sort()).toEqual(["meta.json", "output.log"]);
  });

  it("lists tasks newest first and names the ones whose meta.json is unusable", async () => {
    const { store } = folders.current;
    await store.create(meta({ id: "bold", startedAt: 1_000, status: "pending" }));
    await store.create(meta({ id: "bnew", startedAt: 3_000, status: "pending" }));
    await store.create(meta({ id: "bbad", status: "pending" }));
    await writeFile(store.paths("bbad").meta, '{"id": "bbad", "status": "sleeping"}');
    const { tasks, unreadable } = await store.list();
    expect(tasks.map((t) => t.id)).toEqual(["bnew", "bold"]);
    expect(unreadable.map((u) => u.id)).toEqual(["bbad"]);
  });

  it("finds no task for an id that is not a plain name (never a path outside the store)", async () => {
    const { store } = folders.current;
    expect(await store.read("../b1")).toBeUndefined();
    expect(await store.read("nope")).toBeUndefined();
  });

  it("lists nothing when the tasks folder does not exist yet", async () => {
    const store = new TaskStore(`${folders.current.stateDir}/absent`);
    expect(await store.list()).toEqual({ tasks: [], unreadable: [] });
  });
});
