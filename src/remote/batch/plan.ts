import { batchTaskId } from "./batch-ids.js";
import type { BatchTask } from "./batch-task.js";
import type { ResolvedSource } from "./resolve-refs.js";
import type { PlannedTask } from "./run-batch.js";

/** Each task as the remote task it is submitted as (its id derived from the batch's name). */
export function planTasks(
  tasks: readonly BatchTask[],
  sources: ReadonlyMap<string, ResolvedSource>,
  batchName: string,
): PlannedTask[] {
  return tasks.map((task) => {
    const source = sources.get(task.id);
    if (!source) throw new Error(`task "${task.id}" has no resolved repository`);
    const taskId = batchTaskId(batchName, task.id);
    const { settings } = task;
    return {
      id: task.id,
      taskId,
      remote: {
        taskId,
        prompt: task.prompt,
        source: { kind: "git", url: source.url, commit: source.commit },
        permissionMode: settings.permissionMode,
        allowedTools: settings.allowedTools,
        disallowedTools: settings.disallowedTools,
        model: settings.model,
        maxTurns: settings.maxTurns,
        maxBudgetUsd: settings.maxBudgetUsd,
        deliver: settings.deliver,
      },
    };
  });
}
