import { keelStateDir } from "../config/paths.js";
import { tasksRoot } from "./task-paths.js";
import { TaskStore, type TaskStoreDeps } from "./task-store.js";

/** The task store of the state folder this environment names (KEEL_CONFIG_DIR, else ~/.keel). */
export function openTaskStore(
  env: Readonly<Record<string, string | undefined>>,
  deps: TaskStoreDeps = {},
): TaskStore {
  return new TaskStore(tasksRoot(keelStateDir(env)), deps);
}
