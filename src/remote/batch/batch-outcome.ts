import { remoteResultSchema } from "../remote-task.js";
import type { JobStanding } from "./batch-client.js";
import type { BatchResult } from "./batch-result.js";

type Ended = Extract<JobStanding, { kind: "ended" }>;

/** The results.jsonl line for a task whose job has ended. */
export function resultOf(id: string, taskId: string, ended: Ended): BatchResult {
  const duration =
    ended.startedAt !== undefined ? Math.max(0, ended.endedAt - ended.startedAt) : null;
  const base = { id, task_id: taskId, duration_ms: duration, worker: ended.worker };
  const parsed = remoteResultSchema.safeParse(ended.returnValue);
  if (!parsed.success) {
    return {
      ...base,
      status: "failed",
      turns: null,
      cost_usd: 0,
      error: ended.failedReason ?? "the task ended with no result",
    };
  }
  const run = parsed.data;
  const failed = run.status === "failed";
  return {
    ...base,
    status: run.status,
    turns: run.turns ?? null,
    cost_usd: run.costUsd,
    branch: run.pushed ? run.branch : undefined,
    patch: run.pushed ? undefined : run.patch,
    result: run.resultText,
    error: failed ? run.resultText || "the session ended without a result" : undefined,
  };
}
