import { readdir } from "node:fs/promises";
import { taskNoun } from "../../tasks/task-kind-label.js";
import { type EndedStatusRecord, hasEnded, type TaskMeta } from "../../tasks/task-meta.js";
import type { TaskStore } from "../../tasks/task-store.js";

/** A transcript line about a background task that ended. */
export interface TaskEndNotice {
  taskId: string;
  text: string;
  tone: "info" | "error";
}

/** The ends of a session's background tasks, as they happen (ReplSession.taskEvents). */
export interface TaskEvents {
  /** Calls `listener` once per task that ends from now on; returns the unsubscribe. */
  subscribe(listener: (notice: TaskEndNotice) => void): () => void;
}

/** How the watcher reads tasks and waits (injected, so tests use a fake store and timer). */
export interface TaskEndWatchDeps {
  /** The ids of every task in the store. */
  ids(): Promise<readonly string[]>;
  /** One task as it stands now (undefined or a throw: look again next time). */
  read(id: string): Promise<TaskMeta | undefined>;
  sessionId: string;
  /** Runs `run` after `ms`; returns what cancels it. */
  schedule(run: () => void, ms: number): () => void;
  /** Between two looks at the store; 1 s by default. */
  intervalMs?: number;
}

/**
 * The line shown when a task ended: "Background task <id> (<description>) completed — exit
 * code 0" ("Monitor …" or "MCP monitor …" for a monitor).
 */
export function taskEndNotice(task: TaskMeta & EndedStatusRecord): TaskEndNotice {
  const code = task.exitCode === null ? "" : ` — exit code ${task.exitCode}`;
  const error = task.status === "failed" && task.error ? `: ${task.error}` : "";
  return {
    taskId: task.id,
    text: `${taskNoun(task)} ${task.id} (${task.description}) ${task.status}${code}${error}`,
    tone: task.status === "failed" ? "error" : "info",
  };
}

/** Reads a TaskStore the way the watcher needs it. */
export function taskStoreReader(store: TaskStore): Pick<TaskEndWatchDeps, "ids" | "read"> {
  return {
    ids: () => readdir(store.root).catch(() => [] as string[]),
    read: (id) => store.read(id),
  };
}

/** The node timer as a `schedule`: unref'd, so a forgotten watch never keeps keel alive. */
export function nodeSchedule(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Watches the store for tasks of one session that end. The first look only learns which
 * tasks had already ended (they are not news); afterwards each newly ended task is reported
 * once, oldest first, including tasks started before the watch (an earlier turn, an earlier
 * process of a resumed session). Only tasks that may still change are read again: other
 * sessions' tasks and ended ones are remembered and skipped. Notices found while nobody
 * listens wait for the first listener.
 */
export function watchTaskEnds(deps: TaskEndWatchDeps): TaskEvents & { stop(): void } {
  const settled = new Set<string>();
  const listeners = new Set<(notice: TaskEndNotice) => void>();
  const held: TaskEndNotice[] = [];
  let first = true;
  let stopped = false;
  let cancel: () => void = () => {};
  const emit = (notice: TaskEndNotice) => {
    if (listeners.size === 0) held.push(notice);
    for (const listener of listeners) listener(notice);
  };
  const look = async () => {
    const ended: Array<TaskMeta & EndedStatusRecord> = [];
    for (const id of await deps.ids()) {
      if (settled.has(id)) continue;
      const task = await deps.read(id).catch(() => undefined);
      if (!task) continue;
      if (task.sessionId !== deps.sessionId) settled.add(id);
      else if (hasEnded(task)) ended.push(task);
    }
    for (const task of ended.sort((a, b) => a.endedAt - b.endedAt)) {
      settled.add(task.id);
      if (!first && !stopped) emit(taskEndNotice(task));
    }
    first = false;
  };
  const tick = () => {
    void look()
      .catch(() => undefined)
      .then(() => {
        if (!stopped) cancel = deps.schedule(tick, deps.intervalMs ?? 1_000);
      });
  };
  tick();
  return {
    subscribe(listener) {
      listeners.add(listener);
      for (const notice of held.splice(0)) listener(notice);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
