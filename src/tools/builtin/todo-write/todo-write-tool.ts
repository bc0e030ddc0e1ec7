import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import { todoWriteDescription } from "./description.js";
import { mapTodoWriteResult } from "./result.js";
import {
  type TodoItem,
  type TodoWriteInput,
  type TodoWriteOutput,
  todoWriteInputSchema,
} from "./schema.js";
import { TodoLists } from "./todo-lists.js";

/** The TodoWrite tool of one session, with read access to its lists for the session layer. */
export type TodoWriteTool = Tool<TodoWriteInput, TodoWriteOutput> & {
  /** The current todo list of a thread: the main thread (undefined) or a subagent's id. */
  todosOf(agentId: string | undefined): readonly TodoItem[];
};

/**
 * Creates TodoWrite for one session. The lists live in this instance, one per thread (the
 * call's agentId, or the main thread); the tool touches no files, so it needs no permission.
 */
export function createTodoWriteTool(_config: BuiltinToolsConfig): TodoWriteTool {
  const lists = new TodoLists();
  return {
    name: "TodoWrite",
    description: todoWriteDescription(),
    inputSchema: todoWriteInputSchema,
    maxResultSizeChars: 100_000,
    // It changes session state, so it is not read-only, and calls must not interleave.
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context) {
      const oldTodos = [...lists.replace(context.agentId, input.todos)];
      return { data: { oldTodos, newTodos: input.todos } };
    },
    mapToolResult: mapTodoWriteResult,
    todosOf: (agentId) => lists.get(agentId),
  };
}

/** True for a session's TodoWrite tool (the session layer reads its lists for reminders). */
export function isTodoWriteTool(tool: { name: string }): tool is TodoWriteTool {
  return (
    tool.name === "TodoWrite" && typeof (tool as Partial<TodoWriteTool>).todosOf === "function"
  );
}
