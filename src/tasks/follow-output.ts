import { open, stat } from "node:fs/promises";
import { logRenderer } from "./log-renderer.js";
import { isTerminalTaskStatus, type TaskMeta } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";
import { delay, type Polling } from "./wait-until.js";

/** How `followTaskOutput` runs. */
export interface FollowOptions {
  /** Keep reading until the task ends (`-f`); otherwise print what there is and stop. */
  follow: boolean;
  polling?: Polling;
  /** Stops following (Ctrl+C). */
  signal?: AbortSignal;
}

async function readFrom(path: string, offset: number): Promise<Buffer> {
  const size = await stat(path).then(
    (found) => found.size,
    () => 0,
  );
  if (size <= offset) return Buffer.alloc(0);
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(size - offset);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Prints a task's output through `write` (rendered for its kind) and, when following, what it
 * appends until it ends; returns the task as it stood at the end. The status is read before
 * each read of the log, so the bytes written before the end are all printed.
 */
export async function followTaskOutput(
  store: TaskStore,
  task: TaskMeta,
  write: (text: string) => Promise<void>,
  options: FollowOptions,
): Promise<TaskMeta> {
  const renderer = logRenderer(task.kind);
  const path = store.paths(task.id).output;
  const sleep = options.polling?.sleep ?? delay;
  let offset = 0;
  let current = task;
  for (;;) {
    current = (await store.read(task.id)) ?? current;
    const last = !options.follow || isTerminalTaskStatus(current.status) || options.signal?.aborted;
    const bytes = await readFrom(path, offset);
    offset += bytes.length;
    const text = renderer.push(bytes);
    if (text !== "") await write(text);
    if (last) break;
    await sleep(options.polling?.intervalMs ?? 100);
  }
  const rest = renderer.end();
  if (rest !== "") await write(rest);
  return current;
}
