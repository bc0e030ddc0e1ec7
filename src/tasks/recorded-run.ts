import { appendFile } from "node:fs/promises";
import {
  type EndedStatusRecord,
  hasEnded,
  type TaskMeta,
  type TaskStatusRecord,
  withStatus,
} from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** How a recorded run is watched and told about. */
export interface RecordedRunOptions {
  /** How often a `keel kill` from another process is looked for (default 250 ms). */
  killCheckMs?: number;
  onEnded?: (task: TaskMeta & EndedStatusRecord) => Promise<void>;
}

/** Appends a line to the task's output file; the writes keep their order. */
export type WriteLine = (text: string) => void;

/**
 * Runs a background task's work with its output file and status record kept: `work` writes
 * lines as it goes and resolves the error it ended with (undefined when it succeeded); a
 * `keel kill` from elsewhere aborts it within `killCheckMs`. The task ends killed, completed
 * or failed, its record is written once every line is, and `onEnded` hears of it.
 */
export async function runRecorded(
  store: TaskStore,
  task: TaskMeta,
  abort: AbortController,
  options: RecordedRunOptions,
  work: (write: WriteLine) => Promise<string | undefined>,
): Promise<void> {
  const output = store.paths(task.id).output;
  let writes = Promise.resolve();
  const write: WriteLine = (text) => {
    writes = writes.then(() => appendFile(output, text)).catch(() => undefined);
  };
  const watch = setInterval(() => {
    if (store.killRequested(task.id)) abort.abort(new Error("killed"));
  }, options.killCheckMs ?? 250);
  let error: string | undefined;
  try {
    error = await work(write);
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  } finally {
    clearInterval(watch);
  }
  const ending = endingOf(store, task.id, abort, error);
  await writes;
  const ended = withStatus(task, ending);
  await store.write(ended);
  if (hasEnded(ended)) await options.onEnded?.(ended);
}

function endingOf(
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
