import type { ShellTaskObserver } from "../tools/background/shell-observer.js";
import type { EndedShellTask, ShellTaskState } from "../tools/background/shell-task.js";
import type { TaskMeta, TaskStatusRecord } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** Whose shells these are. */
export interface ShellRecorderOptions {
  /** The session running the shells (its tasks are the ones it is told about). */
  sessionId?: string;
  /** Told of a record that could not be written (the shell runs on regardless). */
  onError?: (error: unknown) => void;
}

function statusRecord(live: ShellTaskState): TaskStatusRecord {
  if (live.status === "pending" || live.status === "running") return { status: live.status };
  const state = live as EndedShellTask;
  const ended = { endedAt: state.endTime, exitCode: state.exitCode };
  if (state.status === "failed") {
    const error = state.error ?? (state.exitSignal ? `ended by ${state.exitSignal}` : undefined);
    return { status: "failed", ...ended, ...(error === undefined ? {} : { error }) };
  }
  return { status: state.status, ...ended };
}

/** A background shell's state as a task's meta.json, owned by this process. */
export function shellTaskMeta(
  state: ShellTaskState,
  store: TaskStore,
  options: ShellRecorderOptions,
): TaskMeta {
  const own = store.processes.startTime(process.pid);
  const shellStart = state.pid === undefined ? undefined : store.processes.startTime(state.pid);
  return {
    id: state.id,
    kind: "local_bash",
    command: state.command,
    ...(state.kind ? { shellKind: state.kind } : {}),
    description: state.description,
    cwd: state.cwd,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    ...(state.pid === undefined ? {} : { pid: state.pid, pgid: state.pid }),
    ...(shellStart === undefined ? {} : { pidStartTime: shellStart }),
    ownerPid: process.pid,
    ...(own === undefined ? {} : { ownerStartTime: own }),
    startedAt: state.startTime,
    ...statusRecord(state),
  };
}

/**
 * Records a session's background shells as tasks in `store`: output in the task's
 * output.log, meta.json at start and at end, and a `keel kill` from elsewhere honoured as
 * "killed". Pass it as `observer` to BackgroundShells.
 */
export function shellTaskRecorder(
  store: TaskStore,
  options: ShellRecorderOptions = {},
): ShellTaskObserver {
  // The shell's start time is read once, while it runs: after its end the pid may be reused.
  const pidStarts = new Map<string, string | undefined>();
  const write = async (state: ShellTaskState) => {
    try {
      const meta = shellTaskMeta(state, store, options);
      if (pidStarts.has(state.id)) {
        const start = pidStarts.get(state.id);
        delete meta.pidStartTime;
        if (start !== undefined) meta.pidStartTime = start;
      } else pidStarts.set(state.id, meta.pidStartTime);
      await store.write(meta);
    } catch (error) {
      options.onError?.(error);
    }
  };
  return {
    outputFile: (id) => store.paths(id).output,
    started: write,
    ended: write,
    stoppedElsewhere: (id) => store.killRequested(id),
  };
}
