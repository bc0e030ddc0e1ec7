import { randomBytes } from "node:crypto";
import { appendFile } from "node:fs/promises";
import type { DreamOutcome } from "../memory/dream-pass.js";
import { type TaskMeta, type TaskStatusRecord, withStatus } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id for a dream task: "d" and eight characters of [0-9a-z], like agents' "a…". */
export function newDreamTaskId(random: (size: number) => Buffer = randomBytes): string {
  let id = "d";
  for (const byte of random(8)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** A dream to run as a background task of the session. */
export interface DreamTaskRequest {
  memoryDir: string;
  cwd: string;
  sessionId: string;
  run: (signal: AbortSignal) => Promise<DreamOutcome>;
  newId?: () => string;
  /** How often `keel kill` from elsewhere is looked for (ms). */
  killCheckMs?: number;
}

/** A started dream task: its id, and its end once recorded. */
export interface DreamTask {
  taskId: string;
  done: Promise<void>;
  abort(): void;
}

function outcomeLine(outcome: DreamOutcome): string {
  return outcome.type === "done"
    ? outcome.summary
    : `Another dream held the lock (PID ${outcome.holderPid}); nothing ran.`;
}

/**
 * Records a `dream` task (running, in this process) and runs the pass; its one line goes to the
 * task's output, and its end (completed, failed with why, or killed) to the store, so `keel ps`
 * lists it and the REPL's task watch shows its end line.
 */
export async function startDreamTask(
  store: TaskStore,
  request: DreamTaskRequest,
): Promise<DreamTask> {
  const own = store.processes.startTime(process.pid);
  const task: TaskMeta = {
    id: (request.newId ?? newDreamTaskId)(),
    kind: "dream",
    memoryDir: request.memoryDir,
    description: "dream: tidy the auto memory",
    cwd: request.cwd,
    sessionId: request.sessionId,
    pid: process.pid,
    ...(own === undefined ? {} : { pidStartTime: own }),
    startedAt: store.time(),
    status: "running",
  };
  const paths = await store.create(task);
  const abort = new AbortController();
  const watch = setInterval(() => {
    if (store.killRequested(task.id)) abort.abort(new Error("killed"));
  }, request.killCheckMs ?? 250);
  const done = (async () => {
    let ending: TaskStatusRecord;
    try {
      const outcome = await request.run(abort.signal);
      await appendFile(paths.output, `${outcomeLine(outcome)}\n`);
      const busy = outcome.type === "busy" ? outcomeLine(outcome) : undefined;
      ending = endRecord(store, task.id, abort, busy);
    } catch (error) {
      ending = endRecord(store, task.id, abort, (error as Error).message ?? String(error));
    } finally {
      clearInterval(watch);
    }
    await store.write(withStatus(task, ending));
  })();
  return { taskId: task.id, done, abort: () => abort.abort(new Error("the session ended")) };
}

function endRecord(
  store: TaskStore,
  id: string,
  abort: AbortController,
  error: string | undefined,
): TaskStatusRecord {
  const ended = { endedAt: store.time(), exitCode: null };
  if (store.killRequested(id) || abort.signal.aborted) return { status: "killed", ...ended };
  if (error === undefined) return { status: "completed", ...ended };
  return { status: "failed", ...ended, error };
}
