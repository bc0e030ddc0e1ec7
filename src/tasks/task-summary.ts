import { finalResultText } from "./final-result.js";
import type { EndedStatusRecord, TaskMeta } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** At most this many characters of an agent's final text go into a notification. */
const RESULT_CHARS = 2_000;

function endingText(task: TaskMeta & EndedStatusRecord): string {
  const code = task.exitCode === null ? "" : ` (exit code ${task.exitCode})`;
  const error = task.status === "failed" && task.error ? `: ${task.error}` : "";
  return `It ${task.status}${code}${error}.`;
}

/**
 * What the model is told about an ended task: how it ended, a shell's command, an agent's
 * final text (cut to 2,000 characters), and where the whole output is.
 */
export async function taskSummary(
  task: TaskMeta & EndedStatusRecord,
  store: TaskStore,
): Promise<string> {
  const output = store.paths(task.id).output;
  const parts = [endingText(task)];
  if (task.kind === "local_bash") parts.push(`Command: ${task.command}`);
  else {
    const result = await finalResultText(output);
    if (result !== undefined) {
      const cut = result.length > RESULT_CHARS ? `${result.slice(0, RESULT_CHARS)}…` : result;
      parts.push(`Its final answer:\n${cut}`);
    }
  }
  parts.push(`Full output: ${output}`);
  return parts.join("\n");
}
