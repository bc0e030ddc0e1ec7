import { z } from "zod";

/** Where a todo item stands. */
export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;

/** One todo item (Claude Code's field names). */
export const todoItemSchema = z.strictObject({
  content: z
    .string()
    .min(1, "content cannot be empty")
    .describe('What to do, in the imperative, e.g. "Run the tests"'),
  status: z.enum(TODO_STATUSES).describe("pending, in_progress (working on it now) or completed"),
  activeForm: z
    .string()
    .min(1, "activeForm cannot be empty")
    .describe(
      'The same task as ongoing work, shown while it is in progress, e.g. "Running the tests"',
    ),
});

/** A todo item. */
export type TodoItem = z.infer<typeof todoItemSchema>;

/** TodoWrite's input: the whole list, replacing the previous one. */
export const todoWriteInputSchema = z.strictObject({
  todos: z.array(todoItemSchema).describe("The complete, updated todo list"),
});

/** A parsed TodoWrite input. */
export type TodoWriteInput = z.infer<typeof todoWriteInputSchema>;

/** What a TodoWrite changed, for the UI. */
export interface TodoWriteOutput {
  oldTodos: TodoItem[];
  newTodos: TodoItem[];
}
