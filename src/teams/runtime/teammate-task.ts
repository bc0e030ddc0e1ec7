import { runRecorded, type WriteLine } from "../../tasks/recorded-run.js";
import { newTeammateTaskId } from "../../tasks/task-id.js";
import type { TaskMeta } from "../../tasks/task-meta.js";
import type { TaskStore } from "../../tasks/task-store.js";
import type { SpawnedTeammate } from "../../tools/teammates.js";
import type { TeammateEnd } from "./teammate-loop.js";

/** Where a session's teammates are recorded as tasks (`keel ps`, `keel logs`, `keel kill`). */
export interface TeammateTaskDeps {
  store: TaskStore;
  sessionId: string;
  cwd: string;
  newId?: () => string;
}

/** Registers a teammate as a running `in_process_teammate` task ("name: first words" as it). */
export async function registerTeammateTask(
  deps: TeammateTaskDeps,
  spawned: SpawnedTeammate,
  prompt: string,
): Promise<TaskMeta> {
  const own = deps.store.processes.startTime(process.pid);
  const task: TaskMeta = {
    id: (deps.newId ?? newTeammateTaskId)(),
    kind: "in_process_teammate",
    prompt,
    agentId: spawned.agentId,
    teamName: spawned.teamName,
    // Claude Code's description: the name, then the first 50 characters of its instructions.
    description: `${spawned.name}: ${prompt.slice(0, 50)}`,
    cwd: deps.cwd,
    sessionId: deps.sessionId,
    pid: process.pid,
    ...(own === undefined ? {} : { pidStartTime: own }),
    startedAt: deps.store.time(),
    status: "running",
  };
  await deps.store.create(task);
  return task;
}

/**
 * Runs a teammate as its task: its messages go to the task's output as they come, `kill`
 * (aborted by `keel kill` or the session's end) ends it as killed, and its end is recorded:
 * completed (it shut down, or a hook stopped it), failed with its error, or killed.
 */
export function runTeammateTask(
  store: TaskStore,
  task: TaskMeta,
  kill: AbortController,
  work: (write: WriteLine) => Promise<TeammateEnd>,
): Promise<void> {
  return runRecorded(store, task, kill, {}, async (write) => {
    const end = await work(write);
    return end.status === "failed" ? (end.error ?? "the teammate failed") : undefined;
  });
}
