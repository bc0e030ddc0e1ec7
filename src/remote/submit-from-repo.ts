import { localSource } from "./git-source.js";
import { queueNameFor } from "./redis-connection.js";
import type { RemoteTaskInput } from "./remote-task.js";
import { newRemoteTaskId, submitRemoteTask } from "./submit.js";

/** Where remote tasks go: the Redis, the queue, and the cap on a bundle kept there. */
export interface RemoteTarget {
  redisUrl: string;
  queue: string;
  maxBundleBytes: number;
}

/** What a task asks of a worker besides the code (the prompt, permissions, model, limits). */
type RemoteTaskRequest = Omit<RemoteTaskInput, "taskId" | "source" | "submittedAt">;

/** A task put on the queue: its id, the queue, and how the worker gets the code (for people). */
export interface SubmittedTask {
  taskId: string;
  queue: string;
  via: string;
}

/**
 * Submits a task on the repository at `cwd`, as `keel --remote` and the Agent tool's
 * `isolation: "remote"` both do: origin's URL and commit when origin has them and nothing is
 * uncommitted, else a capped git bundle kept in Redis beside the task.
 */
export async function submitFromRepository(
  target: RemoteTarget,
  cwd: string,
  request: RemoteTaskRequest,
  now: () => number = Date.now,
): Promise<SubmittedTask> {
  const source = await localSource(cwd, target.maxBundleBytes);
  const taskId = await submitRemoteTask(
    target.redisUrl,
    target.queue,
    {
      ...request,
      taskId: newRemoteTaskId(),
      source: source.kind === "git" ? source : { kind: "bundle", commit: source.commit },
      submittedAt: now(),
    },
    source.kind === "bundle" ? source.bundle : undefined,
  );
  const via =
    source.kind === "git" ? `${source.url} at ${source.commit.slice(0, 12)}` : "a git bundle";
  return { taskId, queue: queueNameFor(target.redisUrl, target.queue), via };
}
