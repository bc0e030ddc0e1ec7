import type { TaskMeta } from "../../tasks/task-meta.js";
import type { TaskStore } from "../../tasks/task-store.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";

/** The task with this id, or undefined after saying on stderr that there is none. */
export async function findTask(
  store: TaskStore,
  id: string,
  io: CliIo,
): Promise<TaskMeta | undefined> {
  const task = await store.read(id);
  if (!task) await writeTo(io.stderr, `keel: no background task with id "${id}" (see keel ps)\n`);
  return task;
}
