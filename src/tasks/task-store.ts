import { existsSync, mkdirSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { writeFileAtomic, writeFileAtomicSync } from "./atomic-write.js";
import { observedTask } from "./observed-task.js";
import { nodeProcessProbe, type ProcessProbe } from "./process-probe.js";
import { type TaskMeta, taskMetaSchema } from "./task-meta.js";
import { type TaskPaths, taskPaths } from "./task-paths.js";

/** How a store sees processes and time (injected so tests can stage them). */
export interface TaskStoreDeps {
  probe?: ProcessProbe;
  now?: () => number;
}

/** A meta.json that could not be used, with why (listed, not thrown, so one bad task hides none). */
export interface UnreadableTask {
  id: string;
  problem: string;
}

/**
 * The background tasks on disk under `<state>/tasks`, shared by every keel process: each task
 * is a folder with meta.json (written whole, by rename) and output.log. Reads report a task
 * whose processes died unrecorded as failed.
 */
export class TaskStore {
  private readonly probe: ProcessProbe;
  private readonly now: () => number;
  /** Tasks this store wrote (in this process), in the order first written. */
  private readonly writtenHere = new Set<string>();

  constructor(
    readonly root: string,
    deps: TaskStoreDeps = {},
  ) {
    this.probe = deps.probe ?? nodeProcessProbe;
    this.now = deps.now ?? Date.now;
  }

  /** The files of task `id`. */
  paths(id: string): TaskPaths {
    return taskPaths(this.root, id);
  }

  /** Registers a new task: its folder, an empty output.log and its meta.json. */
  async create(meta: TaskMeta): Promise<TaskPaths> {
    const paths = this.paths(meta.id);
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.output, "", { flag: "a" });
    await this.write(meta);
    return paths;
  }

  /** Replaces a task's meta.json (whole, atomically). */
  async write(meta: TaskMeta): Promise<void> {
    this.writtenHere.add(meta.id);
    await writeFileAtomic(this.paths(meta.id).meta, `${JSON.stringify(meta, null, 2)}\n`);
  }

  /** write, synchronously: for a record that must land before a child process can read it. */
  writeSync(meta: TaskMeta): void {
    this.writtenHere.add(meta.id);
    mkdirSync(this.paths(meta.id).dir, { recursive: true });
    writeFileAtomicSync(this.paths(meta.id).meta, `${JSON.stringify(meta, null, 2)}\n`);
  }

  /** meta.json as written, or undefined when the task does not exist (throws when unreadable). */
  async readRecorded(id: string): Promise<TaskMeta | undefined> {
    if (!/^[a-z0-9]+$/.test(id)) return undefined; // never a path outside the root
    let text: string;
    try {
      text = await readFile(this.paths(id).meta, "utf8");
    } catch {
      return undefined;
    }
    return taskMetaSchema.parse(JSON.parse(text));
  }

  /** The task as it stands now (pid liveness checked), or undefined when there is none. */
  async read(id: string): Promise<TaskMeta | undefined> {
    const meta = await this.readRecorded(id);
    return meta && observedTask(meta, this.probe, this.now());
  }

  /** Every task as it stands now, newest first, and the folders whose meta.json is unusable. */
  async list(): Promise<{ tasks: TaskMeta[]; unreadable: UnreadableTask[] }> {
    const ids = await readdir(this.root).catch(() => [] as string[]);
    const tasks: TaskMeta[] = [];
    const unreadable: UnreadableTask[] = [];
    for (const id of ids) {
      try {
        const task = await this.read(id);
        if (task) tasks.push(task);
      } catch (error) {
        unreadable.push({ id, problem: error instanceof Error ? error.message : String(error) });
      }
    }
    tasks.sort((a, b) => b.startedAt - a.startedAt || a.id.localeCompare(b.id));
    return { tasks, unreadable };
  }

  /**
   * The ids of the tasks this process registered, oldest first: a session's own tasks without
   * reading every task folder on disk (which grows with every task ever run).
   */
  ownTaskIds(): string[] {
    return [...this.writtenHere];
  }

  /** True once `keel kill` asked for the task to stop. */
  killRequested(id: string): boolean {
    return existsSync(this.paths(id).killRequested);
  }

  /** Records that the task is to stop, before it is signalled. */
  async requestKill(id: string): Promise<void> {
    await writeFile(this.paths(id).killRequested, `${this.now()}\n`);
  }

  /** The current time of this store (ms since the epoch). */
  time(): number {
    return this.now();
  }

  /** This store's process probe. */
  get processes(): ProcessProbe {
    return this.probe;
  }
}
