import { join } from "node:path";

/** The files of one task under `<state>/tasks/<id>/` (contracts.md §3). */
export interface TaskPaths {
  dir: string;
  meta: string;
  /** What the task wrote: a shell's stdout and stderr, an agent's stream-json. */
  output: string;
  /** Exists once `keel kill` asked for the task to stop (so its recorder writes "killed"). */
  killRequested: string;
}

/** Where all tasks live: `<state>/tasks`. */
export function tasksRoot(stateDir: string): string {
  return join(stateDir, "tasks");
}

/** The files of task `id` under the tasks root. */
export function taskPaths(root: string, id: string): TaskPaths {
  const dir = join(root, id);
  return {
    dir,
    meta: join(dir, "meta.json"),
    output: join(dir, "output.log"),
    killRequested: join(dir, "kill-requested"),
  };
}
