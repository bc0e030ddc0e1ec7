import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type LockBudget,
  LockBusyError,
  TASK_LIST_LOCK_BUDGET,
  withFileLock,
} from "./list-lock.js";
import { type SharedTask, sharedTaskSchema, type TaskStatus } from "./task-file.js";

/** What TaskCreate gives. */
export interface NewTask {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: Record<string, unknown>;
}

/** What TaskUpdate may change (`metadata` merges; a null value removes its key). */
export interface TaskPatch {
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: TaskStatus | "deleted";
  addBlocks?: readonly string[];
  addBlockedBy?: readonly string[];
  owner?: string;
  metadata?: Record<string, unknown>;
}

export type UpdateOutcome =
  | {
      ok: true;
      task?: SharedTask;
      updatedFields: string[];
      statusChange?: { from: string; to: string };
    }
  | { ok: false; error: string };

/** Why a claim failed (Claude Code's reasons). */
export type ClaimFailure = "task_not_found" | "already_claimed" | "already_resolved" | "blocked";

export type ClaimOutcome = { ok: true; task: SharedTask } | { ok: false; reason: ClaimFailure };

/**
 * A task list shared by every agent of a team, and by every process that opens the same folder:
 * one JSON file a task (`1.json`, `2.json`, …), `.highwatermark` (the highest id ever issued, so
 * an id is never reused), and `.lock`. Every change holds the list's lock; a lock that cannot be
 * taken within its budget is an error and nothing changes — never a lost or doubled task.
 */
export class TaskListStore {
  private readonly lockPath: string;

  constructor(
    readonly dir: string,
    private readonly budget: LockBudget = TASK_LIST_LOCK_BUDGET,
  ) {
    this.lockPath = join(dir, ".lock");
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(this.lockPath, this.budget, work);
  }

  private async write(task: SharedTask): Promise<void> {
    const temp = `${this.fileOf(task.id)}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(task, null, 2)}\n`);
    await rename(temp, this.fileOf(task.id));
  }

  async get(id: string): Promise<SharedTask | undefined> {
    if (!/^\d+$/.test(id)) return undefined;
    let text: string;
    try {
      text = await readFile(this.fileOf(id), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    const parsed = sharedTaskSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`${this.fileOf(id)} is not a task: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  /** Every task, by id. */
  async list(): Promise<SharedTask[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = names
      .filter((name) => /^\d+\.json$/.test(name))
      .map((name) => name.slice(0, -".json".length))
      .sort((a, b) => Number(a) - Number(b));
    const tasks = await Promise.all(ids.map((id) => this.get(id)));
    return tasks.filter((task) => task !== undefined);
  }

  async create(input: NewTask): Promise<SharedTask> {
    await mkdir(this.dir, { recursive: true });
    return this.locked(async () => {
      const mark = join(this.dir, ".highwatermark");
      const highest = Number((await readFile(mark, "utf8").catch(() => "0")).trim()) || 0;
      const task: SharedTask = {
        id: String(highest + 1),
        subject: input.subject,
        description: input.description,
        ...(input.activeForm === undefined ? {} : { activeForm: input.activeForm }),
        status: "pending",
        blocks: [],
        blockedBy: [],
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
      };
      await this.write(task);
      await writeFile(mark, task.id);
      return task;
    });
  }

  /** Removes a task (TaskCreated hooks refused it). */
  async remove(id: string): Promise<void> {
    await this.locked(() => this.deleteTask(id));
  }

  private async deleteTask(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
    for (const other of await this.list()) {
      if (!other.blocks.includes(id) && !other.blockedBy.includes(id)) continue;
      await this.write({
        ...other,
        blocks: other.blocks.filter((x) => x !== id),
        blockedBy: other.blockedBy.filter((x) => x !== id),
      });
    }
  }

  async update(id: string, patch: TaskPatch): Promise<UpdateOutcome> {
    return this.locked(async () => {
      const task = await this.get(id);
      if (!task) return { ok: false, error: `Task ${id} not found` };
      if (patch.status === "deleted") {
        await this.deleteTask(id);
        return {
          ok: true,
          updatedFields: ["status"],
          statusChange: { from: task.status, to: "deleted" },
        };
      }
      const edges = await this.linkEdges(task, patch);
      if (!edges.ok) return edges;
      return this.applyFields(edges.task, patch);
    });
  }

  /** `addBlocks` / `addBlockedBy`: both ends of each edge are written. */
  private async linkEdges(
    task: SharedTask,
    patch: TaskPatch,
  ): Promise<{ ok: true; task: SharedTask } | { ok: false; error: string }> {
    let current = task;
    const pairs = [
      ...(patch.addBlocks ?? []).map((other) => ({ blocker: task.id, blocked: other })),
      ...(patch.addBlockedBy ?? []).map((other) => ({ blocker: other, blocked: task.id })),
    ];
    for (const { blocker, blocked } of pairs) {
      const otherId = blocker === task.id ? blocked : blocker;
      if (otherId === task.id) return { ok: false, error: `Task ${task.id} cannot block itself` };
      const other = await this.get(otherId);
      if (!other) return { ok: false, error: `Task ${otherId} not found` };
      const add = (list: string[], value: string) =>
        list.includes(value) ? list : [...list, value];
      if (blocker === task.id) {
        current = { ...current, blocks: add(current.blocks, otherId) };
        await this.write({ ...other, blockedBy: add(other.blockedBy, task.id) });
      } else {
        current = { ...current, blockedBy: add(current.blockedBy, otherId) };
        await this.write({ ...other, blocks: add(other.blocks, task.id) });
      }
    }
    return { ok: true, task: current };
  }

  private async applyFields(task: SharedTask, patch: TaskPatch): Promise<UpdateOutcome> {
    const updated: SharedTask = { ...task };
    const fields: string[] = [];
    for (const key of ["subject", "description", "activeForm", "owner"] as const) {
      const value = patch[key];
      if (value !== undefined && value !== task[key]) {
        updated[key] = value;
        fields.push(key);
      }
    }
    if (patch.addBlocks?.length) fields.push("blocks");
    if (patch.addBlockedBy?.length) fields.push("blockedBy");
    if (patch.metadata) {
      const merged: Record<string, unknown> = { ...task.metadata };
      for (const [key, value] of Object.entries(patch.metadata)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      updated.metadata = merged;
      fields.push("metadata");
    }
    // "deleted" never reaches here: update() removes the task instead.
    const status = patch.status === "deleted" ? undefined : patch.status;
    const changed = status !== undefined && status !== task.status;
    if (changed) {
      updated.status = status;
      fields.push("status");
    }
    await this.write(updated);
    return {
      ok: true,
      task: updated,
      updatedFields: fields,
      ...(changed ? { statusChange: { from: task.status, to: status } } : {}),
    };
  }

  /**
   * Gives back every unfinished task `owner` had (a teammate that left the team): no owner,
   * pending again, so another agent can claim it. Returns their ids.
   */
  async unassign(owner: string): Promise<string[]> {
    return this.locked(async () => {
      const released: string[] = [];
      for (const task of await this.list()) {
        if (task.owner !== owner || task.status === "completed") continue;
        const { owner: _gone, ...rest } = task;
        await this.write({ ...rest, status: "pending" });
        released.push(task.id);
      }
      return released;
    });
  }

  /**
   * Claims a pending task for `owner` (in_progress, owner set) when no one else has it, it is not
   * done and nothing unfinished blocks it; one claim wins however many agents try at once.
   */
  async claim(id: string, owner: string): Promise<ClaimOutcome> {
    return this.locked(async () => {
      const task = await this.get(id);
      if (!task) return { ok: false, reason: "task_not_found" };
      if (task.status === "completed") return { ok: false, reason: "already_resolved" };
      if (task.owner !== undefined && task.owner !== owner)
        return { ok: false, reason: "already_claimed" };
      for (const blocker of task.blockedBy) {
        const other = await this.get(blocker);
        if (other && other.status !== "completed") return { ok: false, reason: "blocked" };
      }
      const claimed: SharedTask = { ...task, owner, status: "in_progress" };
      await this.write(claimed);
      return { ok: true, task: claimed };
    });
  }
}

export { LockBusyError };
