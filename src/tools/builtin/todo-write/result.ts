import type { ToolResultBlock } from "../../../protocol/content.js";
import type { TodoWriteOutput } from "./schema.js";

const UPDATED =
  "The todo list is updated. Keep using it to track your progress: mark each item completed as soon as it is done, then start the next one. Carry on with the current task.";

/** A nudge when several items are in progress at once (guidance, not an error). */
function inProgressNote(count: number): string {
  return `Note: ${count} items are in_progress at once. Keep exactly one item in progress (the one you are working on now) and set the others back to pending, or mark them completed if they are done.`;
}

/** TodoWrite's tool_result: the list was updated, plus guidance when it looks off. */
export function mapTodoWriteResult(output: TodoWriteOutput, toolUseId: string): ToolResultBlock {
  const inProgress = output.newTodos.filter((todo) => todo.status === "in_progress").length;
  const content = inProgress > 1 ? `${UPDATED}\n\n${inProgressNote(inProgress)}` : UPDATED;
  return { type: "tool_result", tool_use_id: toolUseId, content };
}
