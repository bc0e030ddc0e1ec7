import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { shellTaskRecorder } from "../../src/tasks/shell-recorder.js";
import type { TaskMeta } from "../../src/tasks/task-meta.js";
import { TaskStore } from "../../src/tasks/task-store.js";
import { BackgroundShells } from "../../src/tools/background/background-shells.js";

/** Waits (polling, bounded as a safety net) until `condition` holds; false if it never did. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  limitMs = 10_000,
): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 20) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

/** A test's folders: a state folder (with its task store) and a working folder. */
export interface TaskFolders {
  stateDir: string;
  work: string;
  store: TaskStore;
}

/** Fresh folders for each test, removed after it (after `cleanups` ran). */
export function withTaskFolders(): { current: TaskFolders; cleanups: Array<() => Promise<void>> } {
  const holder = {
    current: undefined as unknown as TaskFolders,
    cleanups: [] as Array<() => Promise<void>>,
  };
  beforeEach(async () => {
    const stateDir = await mkdtemp(join(tmpdir(), "keel-tasks-state-"));
    const work = await mkdtemp(join(tmpdir(), "keel-tasks-work-"));
    holder.current = { stateDir, work, store: new TaskStore(join(stateDir, "tasks")) };
  });
  afterEach(async () => {
    for (const cleanup of holder.cleanups.splice(0).reverse()) await cleanup();
    await rm(holder.current.stateDir, { recursive: true, force: true });
    await rm(holder.current.work, { recursive: true, force: true });
  });
  return holder;
}

/** Background shells recorded as tasks of session `sessionId` in the store (short kill grace). */
export function recordedShells(folders: TaskFolders, sessionId = "session-1"): BackgroundShells {
  return new BackgroundShells({
    tasksDir: join(folders.stateDir, "unused"),
    killGraceMs: 300,
    observer: shellTaskRecorder(folders.store, { sessionId }),
  });
}

/** Starts `script` with bash in the working folder as a recorded background shell. */
export async function startShell(
  shells: BackgroundShells,
  folders: TaskFolders,
  script: string,
): Promise<string> {
  const state = await shells.start({
    command: script,
    shell: "bash",
    cwd: folders.work,
    env: { PATH: process.env.PATH ?? "" },
  });
  return state.id;
}

/** Waits until the task's recorded status is `status`; the task as read then. */
export async function waitForStatus(
  store: TaskStore,
  id: string,
  status: TaskMeta["status"],
): Promise<TaskMeta> {
  await waitFor(async () => (await store.read(id))?.status === status);
  const task = await store.read(id);
  if (!task) throw new Error(`no task ${id}`);
  return task;
}

/** A real process that sleeps until killed (a stand-in for a task's process). */
export function sleeper(): { pid: number; exited: Promise<void> } {
  const child = spawn("sleep", ["100"], { stdio: "ignore" });
  if (child.pid === undefined) throw new Error("could not start sleep");
  return { pid: child.pid, exited: new Promise((resolve) => child.once("exit", () => resolve())) };
}

/** A task's meta.json with the given fields over defaults (a shell, running). */
export function meta(fields: Partial<TaskMeta> & { id: string }): TaskMeta {
  return {
    kind: "local_bash",
    command: "sleep 100",
    description: "sleep",
    cwd: "/",
    startedAt: 1_000,
    status: "running",
    ...fields,
  } as TaskMeta;
}
