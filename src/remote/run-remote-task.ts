import { rm } from "node:fs/promises";
import { checkOut, commitWork, pushBranch, workPatch } from "./checkout.js";
import { ProgressRecorder, restoreProgress } from "./durable-progress.js";
import { type KeelCommand, type SessionOutcome, sessionArgs } from "./keel-child.js";
import { applyCeiling, type PermissionCeiling } from "./permission-ceiling.js";
import type { RedisConnection } from "./redis-connection.js";
import { type RemoteResult, type RemoteTask, remoteKeys, remoteTaskSchema } from "./remote-task.js";
import { childSessionRunner, type SessionRunner } from "./session-runner.js";

/** What a worker runs its tasks with. */
export interface RemoteRunDeps {
  redis: RedisConnection;
  queue: string;
  workspace: string;
  worker: string;
  ceiling: PermissionCeiling;
  keel: KeelCommand;
  env: NodeJS.ProcessEnv;
  /** How often a running session's transcript is saved while it grows. */
  transcriptSaveMs: number;
  /** Entries a task's log stream keeps (older ones are trimmed). */
  logCap: number;
  /** How sessions run (default: `keel -p` child processes of `keel`). */
  session?: SessionRunner;
}

/** Why a session is stopped when its worker shuts down: the task goes back to the queue. */
export const HAND_BACK = "hand-back";

/** A task stopped at worker shutdown, its progress saved for another worker to resume. */
export class TaskHandedBack extends Error {}

/** A task the worker will not run (its data is bad, or it asks for more than the ceiling). */
export class RemoteTaskRefused extends Error {}

/** Parses a job's data, or refuses it with the reason. */
export function parseTask(data: unknown): RemoteTask {
  const parsed = remoteTaskSchema.safeParse(data);
  if (!parsed.success) {
    throw new RemoteTaskRefused(
      `the task's data is not a keel remote task: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/**
 * Runs one remote task: checks it against the ceiling, checks out its base into a fresh
 * folder, runs the session as an ordinary keel -p (each message to the task's capped log
 * stream), then pushes branch keel/<task-id>, or keeps a patch when it cannot.
 */
export async function runRemoteTask(
  task: RemoteTask,
  deps: RemoteRunDeps,
  signal: AbortSignal,
): Promise<RemoteResult> {
  const verdict = applyCeiling(deps.ceiling, task);
  if (verdict.kind === "refused") throw new RemoteTaskRefused(`refused: ${verdict.reason}`);
  const keys = remoteKeys(deps.queue, task.taskId);
  const checkout = await checkOut(task, deps.workspace, () => deps.redis.getBuffer(keys.bundle));
  try {
    const resume = await restoreProgress(deps.redis, keys, checkout, deps.env);
    const progress = new ProgressRecorder(deps.redis, keys, checkout, deps.env);
    progress.watch(deps.transcriptSaveMs);
    const appendLog = async (line: string) => {
      await deps.redis.xadd(keys.log, "MAXLEN", "~", deps.logCap, "*", "m", line);
      await progress.onLine(line);
    };
    const args = sessionArgs(task, verdict.granted, resume);
    const session = deps.session ?? childSessionRunner(deps.keel);
    // Stopped during the checkout (a kill, a hand-back): its abort event has fired already and
    // would never reach a session started now.
    const running: Promise<SessionOutcome> = signal.aborted
      ? Promise.resolve({ code: null })
      : session(args, checkout.dir, deps.env, appendLog, signal);
    const outcome = await running.finally(() => progress.finish());
    if (signal.aborted && signal.reason === HAND_BACK) throw new TaskHandedBack(task.taskId);
    await commitWork(checkout, task.taskId);
    const pushed = task.deliver === "branch" && (await pushBranch(checkout));
    const completed = outcome.result?.subtype === "success" && outcome.result.is_error !== true;
    return {
      taskId: task.taskId,
      status: completed ? "completed" : "failed",
      worker: deps.worker,
      branch: checkout.branch,
      pushed,
      patch: pushed ? undefined : await workPatch(checkout),
      resultText: outcome.result?.result,
      costUsd: outcome.result?.total_cost_usd ?? 0,
      turns: outcome.result?.num_turns,
      sessionId: outcome.result?.session_id,
    };
  } finally {
    await rm(checkout.dir, { recursive: true, force: true });
    await rm(`${checkout.dir}.bundle`, { force: true });
  }
}
