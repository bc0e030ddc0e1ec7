import type { RemoteTaskInput } from "../remote-task.js";
import type { BatchClient, JobStanding } from "./batch-client.js";
import { resultOf } from "./batch-outcome.js";
import { type BatchProgress, pace } from "./batch-progress.js";
import type { BatchResult } from "./batch-result.js";

/** A task of the batch with its remote task id and its remote task (bar the submit time). */
export interface PlannedTask {
  id: string;
  taskId: string;
  remote: Omit<RemoteTaskInput, "submittedAt">;
}

/** What a batch run needs (injected: the CLI and the library each give their own). */
export interface RunBatchOptions {
  client: BatchClient;
  tasks: readonly PlannedTask[];
  /** Results earlier runs wrote, by id: those tasks are done and are not run again. */
  earlier: ReadonlyMap<string, BatchResult>;
  /** Writes one result (called once per task). */
  record: (result: BatchResult) => Promise<void>;
  /** Most tasks submitted and not ended at once. */
  window: number;
  pollMs: number;
  /** Aborted: submit no more, wait for the submitted ones (the first Ctrl+C). */
  stop: AbortSignal;
  /** Aborted: cancel the submitted ones not ended (the second Ctrl+C). */
  cancel: AbortSignal;
  /** How long a cancel waits for the workers to stop the running tasks. */
  cancelWaitMs: number;
  onProgress: (progress: BatchProgress) => void;
  now: () => number;
}

/** How a batch run ended. */
export type BatchEnd =
  | { kind: "finished" }
  | { kind: "stopped"; notSubmitted: number }
  | { kind: "cancelled"; cancelled: number; notSubmitted: number };

/** Resolves after `ms`, or at once when a signal aborts. */
function pause(ms: number, signals: readonly AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const signal of signals) signal.addEventListener("abort", done, { once: true });
  });
}

/** One batch run: what is left to submit, what runs, and what this run has recorded. */
class BatchRun {
  private readonly unsubmitted: PlannedTask[] = [];
  private readonly inFlight = new Map<string, { task: PlannedTask; standing: JobStanding }>();
  private readonly results = new Map<string, BatchResult>();
  private readonly started: number;
  private endedThisRun = 0;
  private droppedByCancel = 0;

  constructor(private readonly o: RunBatchOptions) {
    this.started = o.now();
    for (const [id, result] of o.earlier) this.results.set(id, result);
  }

  /** Sorts the unfinished tasks by where their jobs stand (an earlier run may have left some). */
  async reconcile(): Promise<void> {
    const todo = this.o.tasks.filter((task) => !this.results.has(task.id));
    const standings = await this.o.client.standings(todo.map((task) => task.taskId));
    const cancelled: string[] = [];
    for (const task of todo) {
      const standing = standings.get(task.taskId) ?? { kind: "absent" };
      if (standing.kind === "ended") await this.record(task, standing);
      else if (standing.kind === "queued" || standing.kind === "running")
        this.inFlight.set(task.taskId, { task, standing });
      else {
        if (standing.kind === "cancelled") cancelled.push(task.taskId);
        this.unsubmitted.push(task);
      }
    }
    await this.o.client.forget(cancelled);
  }

  private async record(task: PlannedTask, ended: Extract<JobStanding, { kind: "ended" }>) {
    if (this.results.has(task.id)) return;
    const result = resultOf(task.id, task.taskId, ended);
    await this.o.record(result);
    this.results.set(task.id, result);
    this.endedThisRun += 1;
  }

  /** Submits tasks up to the window. */
  async submitMore(): Promise<void> {
    const room = this.o.window - this.inFlight.size;
    if (room <= 0 || this.unsubmitted.length === 0) return;
    const next = this.unsubmitted.splice(0, room);
    const submittedAt = this.o.now();
    await this.o.client.submit(next.map((task) => ({ ...task.remote, submittedAt })));
    for (const task of next) {
      this.inFlight.set(task.taskId, { task, standing: { kind: "queued", queuedAt: submittedAt } });
    }
  }

  /** Reads where the running tasks stand, records those that ended. */
  async poll(): Promise<void> {
    const standings = await this.o.client.standings([...this.inFlight.keys()]);
    for (const [taskId, entry] of this.inFlight) {
      const standing = standings.get(taskId) ?? { kind: "absent" };
      if (standing.kind === "ended") await this.record(entry.task, standing);
      else if (standing.kind === "queued" || standing.kind === "running") {
        entry.standing = standing;
        continue;
      } else if (standing.kind === "cancelled" || this.o.cancel.aborted) {
        this.droppedByCancel += 1; // not finished: a re-run runs it again
      } else this.unsubmitted.unshift(entry.task); // its job was removed: submit it again
      this.inFlight.delete(taskId);
    }
  }

  /** Cancels the tasks in flight and waits (a while) for their workers to stop them. */
  async cancelAll(): Promise<void> {
    await this.o.client.cancel([...this.inFlight.keys()]);
    const deadline = this.o.now() + this.o.cancelWaitMs;
    while (this.inFlight.size > 0 && this.o.now() < deadline) {
      await this.poll();
      this.report();
      if (this.inFlight.size > 0) await pause(this.o.pollMs, []);
    }
  }

  get idle(): boolean {
    return this.inFlight.size === 0 && (this.unsubmitted.length === 0 || this.o.stop.aborted);
  }

  report(): void {
    const ended = [...this.results.values()];
    const failed = ended.filter((r) => r.status === "failed").length;
    const standings = [...this.inFlight.values()].map((entry) => entry.standing.kind);
    const left = this.o.tasks.length - ended.length;
    this.o.onProgress({
      total: this.o.tasks.length,
      completed: ended.length - failed,
      failed,
      running: standings.filter((kind) => kind === "running").length,
      queued: standings.filter((kind) => kind === "queued").length,
      waiting: this.unsubmitted.length,
      costUsd: ended.reduce((sum, r) => sum + r.cost_usd, 0),
      ...pace(this.endedThisRun, this.o.now() - this.started, left),
    });
  }

  end(): BatchEnd {
    const notSubmitted = this.unsubmitted.length;
    if (this.o.cancel.aborted)
      return {
        kind: "cancelled",
        cancelled: this.droppedByCancel + this.inFlight.size,
        notSubmitted,
      };
    return notSubmitted > 0 ? { kind: "stopped", notSubmitted } : { kind: "finished" };
  }
}

/**
 * Runs a batch to its end: submits its unfinished tasks (at most `window` in flight), records
 * each ended task's result once, and reports progress after every poll. The first abort
 * (`stop`) ends submitting and waits for the tasks in flight; the second (`cancel`) cancels them.
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchEnd> {
  const run = new BatchRun(options);
  await run.reconcile();
  run.report();
  const signals = [options.stop, options.cancel];
  while (!options.cancel.aborted) {
    if (!options.stop.aborted) await run.submitMore();
    if (run.idle) break;
    await pause(options.pollMs, signals);
    await run.poll();
    run.report();
  }
  if (options.cancel.aborted) await run.cancelAll();
  return run.end();
}
