import { z } from "zod";
import type { StopOutcome } from "../../background/background-shells.js";
import type { TeammateStopOutcome } from "../../teammates.js";
import type { McpMonitorStopOutcome } from "../monitor/mcp-source.js";

/**
 * TaskStop's input, with Claude Code's field names: `task_id`, or `shell_id`, the name its
 * alias KillShell used (task_id wins when both are given). One of them is required.
 */
export const taskStopInputSchema = z
  .strictObject({
    task_id: z.string().optional().describe("The id of the background task to stop."),
    shell_id: z.string().optional().describe("The older name of task_id; prefer task_id."),
  })
  .superRefine((input, context) => {
    if (input.task_id !== undefined || input.shell_id !== undefined) return;
    context.addIssue({
      code: "invalid_type",
      expected: "string",
      input: undefined,
      path: ["task_id"],
      message: "task_id is required",
    });
  });

/** A parsed TaskStop input. */
export type TaskStopInput = z.infer<typeof taskStopInputSchema>;

/** What TaskStop did to a shell or an MCP monitor: stopped it, or found it had already ended. */
export type TaskStopOutput = StopOutcome | McpMonitorStopOutcome | TeammateStopOutcome;

/** The id a TaskStop input names. */
export function stopTaskId(input: TaskStopInput): string {
  return input.task_id ?? input.shell_id ?? "";
}
