import { TASK_ID_ENV } from "./launch-agent.js";
import { openTaskStore } from "./open-store.js";
import { type TaskMeta, type TaskStatusRecord, withStatus } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** Surroundings with an environment (a CliIo, or anything shaped like it). */
export interface WithEnv {
  env: Readonly<Record<string, string | undefined>>;
}

function withoutTaskId<Io extends WithEnv>(io: Io): Io {
  const env = { ...io.env };
  delete env[TASK_ID_ENV]; // keel started by the agent's own tools is not this task
  return { ...io, env };
}

function endRecord(store: TaskStore, id: string, code: number, error?: string): TaskStatusRecord {
  const ended = { endedAt: store.time(), exitCode: code };
  if (store.killRequested(id)) return { status: "killed", ...ended };
  if (code === 0) return { status: "completed", ...ended };
  return { status: "failed", ...ended, ...(error === undefined ? {} : { error }) };
}

async function record(store: TaskStore, task: TaskMeta, status: TaskStatusRecord): Promise<void> {
  const current = (await store.readRecorded(task.id)) ?? task;
  if (current.status === "killed") return; // `keel kill` has had the last word
  await store.write(withStatus(current, status));
}

/**
 * Runs keel's work as background task `$KEEL_TASK_ID` when that is set (a process started by
 * `keel --bg`): marks the task running, runs, then records completed (exit 0), failed or,
 * when `keel kill` asked, killed. Without the variable it just runs. `run` gets the
 * surroundings without the variable, so keel processes the agent starts are not the task.
 */
export async function runAsTask<Io extends WithEnv>(
  io: Io,
  run: (io: Io) => Promise<number>,
): Promise<number> {
  const id = io.env[TASK_ID_ENV];
  if (id === undefined || id === "") return run(io);
  const store = openTaskStore(io.env);
  const task = await store.readRecorded(id);
  if (!task) throw new Error(`${TASK_ID_ENV} names no task: ${id}`);
  if (task.status === "killed") return 143; // stopped before it started
  // The launcher records the pid; should its write ever come late, the task records its own.
  const own = task.pid === undefined ? { ...task, pid: process.pid, pgid: process.pid } : task;
  if (own !== task) await store.write(own);
  await record(store, own, { status: "running" });
  try {
    const code = await run(withoutTaskId(io));
    await record(store, task, endRecord(store, id, code));
    return code;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record(store, task, endRecord(store, id, 1, message));
    throw error;
  }
}
