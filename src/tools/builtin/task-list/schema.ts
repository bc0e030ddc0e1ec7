import { z } from "zod";
import { TASK_STATUSES } from "../../../task-list/task-file.js";

const metadata = z.record(z.string(), z.unknown());

/** TaskCreate's input (sdk-tools.d.ts `TaskCreateInput`). */
export const taskCreateInputSchema = z.strictObject({
  subject: z.string().min(1).describe("A brief title for the task"),
  description: z.string().describe("What needs to be done"),
  activeForm: z
    .string()
    .optional()
    .describe('Present continuous form shown in spinner when in_progress (e.g., "Running tests")'),
  metadata: metadata.optional().describe("Arbitrary metadata to attach to the task"),
});

/** TaskGet's input. */
export const taskGetInputSchema = z.strictObject({
  taskId: z.string().describe("The ID of the task to retrieve"),
});

/** TaskList takes nothing. */
export const taskListInputSchema = z.strictObject({});

/** TaskUpdate's input. */
export const taskUpdateInputSchema = z.strictObject({
  taskId: z.string().describe("The ID of the task to update"),
  subject: z.string().min(1).optional().describe("New subject for the task"),
  description: z.string().optional().describe("New description for the task"),
  activeForm: z
    .string()
    .optional()
    .describe('Present continuous form shown in spinner when in_progress (e.g., "Running tests")'),
  status: z
    .enum([...TASK_STATUSES, "deleted"])
    .optional()
    .describe("New status for the task"),
  addBlocks: z.array(z.string()).optional().describe("Task IDs that this task blocks"),
  addBlockedBy: z.array(z.string()).optional().describe("Task IDs that block this task"),
  owner: z.string().optional().describe("New owner for the task"),
  metadata: metadata
    .optional()
    .describe("Metadata keys to merge into the task. Set a key to null to delete it."),
});

export type TaskCreateInput = z.infer<typeof taskCreateInputSchema>;
export type TaskGetInput = z.infer<typeof taskGetInputSchema>;
export type TaskListInput = z.infer<typeof taskListInputSchema>;
export type TaskUpdateInput = z.infer<typeof taskUpdateInputSchema>;
