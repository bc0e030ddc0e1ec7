import type { ToolResultBlock } from "../../../protocol/content.js";
import type { SharedTask } from "../../../task-list/task-file.js";

const block = (toolUseId: string, content: string, isError = false): ToolResultBlock => ({
  type: "tool_result",
  tool_use_id: toolUseId,
  content,
  ...(isError ? { is_error: true } : {}),
});

export interface TaskCreateOutput {
  task: { id: string; subject: string; description?: string };
}

export interface TaskGetOutput {
  task: Pick<
    SharedTask,
    "id" | "subject" | "description" | "status" | "blocks" | "blockedBy"
  > | null;
}

export interface TaskListOutput {
  tasks: Array<Pick<SharedTask, "id" | "subject" | "status" | "owner" | "blockedBy">>;
}

export interface TaskUpdateOutput {
  success: boolean;
  taskId: string;
  updatedFields: string[];
  error?: string;
  statusChange?: { from: string; to: string };
}

export function taskCreateResult(output: TaskCreateOutput, toolUseId: string): ToolResultBlock {
  return block(toolUseId, `Task #${output.task.id} created successfully: ${output.task.subject}`);
}

export function taskGetResult(output: TaskGetOutput, toolUseId: string): ToolResultBlock {
  const task = output.task;
  if (!task) return block(toolUseId, "Task not found", true);
  const lines = [
    `Task #${task.id}: ${task.subject}`,
    `Status: ${task.status}`,
    `Description: ${task.description}`,
  ];
  if (task.blockedBy.length > 0)
    lines.push(`Blocked by: ${task.blockedBy.map((id) => `#${id}`).join(", ")}`);
  if (task.blocks.length > 0) lines.push(`Blocks: ${task.blocks.map((id) => `#${id}`).join(", ")}`);
  return block(toolUseId, lines.join("\n"));
}

export function taskListResult(output: TaskListOutput, toolUseId: string): ToolResultBlock {
  if (output.tasks.length === 0) return block(toolUseId, "No tasks found");
  const lines = output.tasks.map((task) => {
    const owner = task.owner ? ` (${task.owner})` : "";
    const blocked =
      task.blockedBy.length > 0
        ? ` [blocked by ${task.blockedBy.map((id) => `#${id}`).join(", ")}]`
        : "";
    return `#${task.id} [${task.status}] ${task.subject}${owner}${blocked}`;
  });
  return block(toolUseId, lines.join("\n"));
}

export function taskUpdateResult(output: TaskUpdateOutput, toolUseId: string): ToolResultBlock {
  if (!output.success)
    return block(toolUseId, output.error ?? `Task #${output.taskId} was not updated`, true);
  const fields =
    output.updatedFields.length > 0 ? output.updatedFields.join(", ") : "nothing changed";
  // A note of what went wrong after the update (an assignment that was not delivered).
  const note = output.error ? `\n${output.error}` : "";
  return block(toolUseId, `Updated task #${output.taskId} ${fields}${note}`);
}
