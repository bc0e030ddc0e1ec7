import { DEFAULT_REMOTE_QUEUE } from "../remote-task.js";
import { BatchClient } from "./batch-client.js";
import { resultOf } from "./batch-outcome.js";
import type { BatchResult } from "./batch-result.js";
import { type BatchTask, type BatchTaskInput, batchTaskSchema } from "./batch-task.js";
import { planTasks } from "./plan.js";
import { resolveSources } from "./resolve-refs.js";

/** Which Redis, queue and batch the library functions work on. */
export interface BatchTarget {
  redisUrl: string;
  /** The workers' queue (default keel-remote). */
  queue?: string;
  /** The batch's name: with a task's id it makes the task's remote id. */
  name: string;
}

/** A submitted task: its id in the batch and its remote task id (for keel logs, ps, kill). */
export interface SubmittedTask {
  id: string;
  taskId: string;
}

/** What watchBatch reports, as it happens. */
export type BatchUpdate =
  | { kind: "started"; id: string; taskId: string; worker: string }
  | { kind: "ended"; id: string; result: BatchResult }
  /** Cancelled, or no longer in the queue (removed before it started). */
  | { kind: "cancelled"; id: string; taskId: string };

async function withClient<T>(target: BatchTarget, use: (client: BatchClient) => Promise<T>) {
  const client = new BatchClient(target.redisUrl, target.queue ?? DEFAULT_REMOTE_QUEUE);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

function validTasks(inputs: readonly BatchTaskInput[]): BatchTask[] {
  const problems: string[] = [];
  const tasks = inputs.flatMap((input, index) => {
    const parsed = batchTaskSchema.safeParse(input);
    if (parsed.success) return [parsed.data];
    problems.push(`task ${index + 1}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    return [];
  });
  const ids = new Set(tasks.map((task) => task.id));
  if (ids.size < tasks.length) problems.push("task ids repeat");
  if (problems.length > 0) throw new Error(`not a batch: ${problems.join("; ")}`);
  return tasks;
}

/**
 * Submits a batch's tasks to the workers (refs resolved to commits first; a task already in
 * the queue under its id is left as it is). Throws, submitting nothing, on any bad task.
 */
export async function submitBatch(
  target: BatchTarget,
  inputs: readonly BatchTaskInput[],
  baseDir = process.cwd(),
): Promise<SubmittedTask[]> {
  const tasks = validTasks(inputs);
  const resolved = await resolveSources(tasks, baseDir);
  if (resolved.kind === "invalid") throw new Error(resolved.problems.join("; "));
  const planned = planTasks(tasks, resolved.sources, target.name);
  await withClient(target, (client) =>
    client.submit(planned.map((task) => ({ ...task.remote, submittedAt: Date.now() }))),
  );
  return planned.map(({ id, taskId }) => ({ id, taskId }));
}

/**
 * Follows submitted tasks until each has ended or was cancelled (or `signal` aborts),
 * yielding each start and end as it is seen (every `pollMs`).
 */
export async function* watchBatch(
  target: BatchTarget,
  tasks: readonly SubmittedTask[],
  options: { pollMs?: number; signal?: AbortSignal } = {},
): AsyncGenerator<BatchUpdate> {
  const client = new BatchClient(target.redisUrl, target.queue ?? DEFAULT_REMOTE_QUEUE);
  const open = new Map(tasks.map((task) => [task.taskId, task]));
  const started = new Set<string>();
  try {
    while (open.size > 0 && !options.signal?.aborted) {
      const standings = await client.standings([...open.keys()]);
      for (const [taskId, task] of open) {
        const standing = standings.get(taskId);
        if (standing?.kind === "running" && !started.has(taskId)) {
          started.add(taskId);
          yield { kind: "started", id: task.id, taskId, worker: standing.worker };
        } else if (standing?.kind === "ended") {
          open.delete(taskId);
          yield { kind: "ended", id: task.id, result: resultOf(task.id, taskId, standing) };
        } else if (standing?.kind === "cancelled" || standing?.kind === "absent") {
          open.delete(taskId);
          yield { kind: "cancelled", id: task.id, taskId };
        }
      }
      if (open.size > 0) await new Promise((r) => setTimeout(r, options.pollMs ?? 500));
    }
  } finally {
    await client.close();
  }
}

/** Cancels submitted tasks: queued ones are removed, running ones stopped by their workers. */
export async function cancelBatch(
  target: BatchTarget,
  tasks: readonly SubmittedTask[],
): Promise<void> {
  await withClient(target, (client) => client.cancel(tasks.map((task) => task.taskId)));
}
