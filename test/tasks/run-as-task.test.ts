import { describe, expect, it } from "vitest";
import { runAsTask } from "../../src/tasks/run-as-task.js";
import type { TaskMeta } from "../../src/tasks/task-meta.js";
import { withTaskFolders } from "./helpers.js";

const folders = withTaskFolders();

/** A pending agent task as `keel --bg` registers it, and the environment its child gets. */
async function registered(): Promise<Record<string, string>> {
  const { store, stateDir } = folders.current;
  const task: TaskMeta = {
    id: "a1",
    kind: "local_agent",
    prompt: "go",
    description: "go",
    cwd: "/",
    pid: process.pid,
    startedAt: 1,
    status: "pending",
  };
  await store.create(task);
  return { KEEL_CONFIG_DIR: stateDir, KEEL_TASK_ID: "a1" };
}

describe("a keel process run as a background task", () => {
  it("is recorded running while it works, then completed, without the variable in its env", async () => {
    const { store } = folders.current;
    const env = await registered();
    let during: string | undefined;
    let seenEnv: Record<string, string | undefined> = {};
    const code = await runAsTask({ env }, async (io) => {
      during = (await store.read("a1"))?.status;
      seenEnv = { ...io.env };
      return 0;
    });
    expect(code).toBe(0);
    expect(during).toBe("running");
    expect(seenEnv.KEEL_TASK_ID).toBeUndefined();
    expect(seenEnv.KEEL_CONFIG_DIR).toBe(env.KEEL_CONFIG_DIR);
    expect(await store.read("a1")).toMatchObject({ status: "completed", exitCode: 0 });
  });

  it("is recorded failed with its exit code, or with the error that ended it", async () => {
    const { store } = folders.current;
    const env = await registered();
    expect(await runAsTask({ env }, async () => 2)).toBe(2);
    expect(await store.read("a1")).toMatchObject({ status: "failed", exitCode: 2 });
    const boom = runAsTask({ env }, async () => {
      throw new Error("no model");
    });
    await expect(boom).rejects.toThrow("no model");
    expect(await store.read("a1")).toMatchObject({ status: "failed", error: "no model" });
  });

  it("is recorded killed when keel kill asked, whatever its exit code", async () => {
    const { store } = folders.current;
    const env = await registered();
    await runAsTask({ env }, async () => {
      await store.requestKill("a1");
      return 143;
    });
    expect(await store.read("a1")).toMatchObject({ status: "killed", exitCode: 143 });
  });

  it("just runs when it is not a task", async () => {
    let ran = false;
    const code = await runAsTask({ env: {} }, async () => {
      ran = true;
      return 0;
    });
    expect([code, ran]).toEqual([0, true]);
  });
});
