import { z } from "zod";
import type { LogSlice } from "../../background/log-slice.js";
import type { ShellTaskState } from "../../background/shell-task.js";

/** How long TaskOutput waits when the model does not say (ms). */
export const DEFAULT_WAIT_MS = 30_000;

/** The longest TaskOutput may wait (ms). */
export const MAX_WAIT_MS = 600_000;

/**
 * BashOutput, the alias, named the id `bash_id`; a call that still does is read as task_id
 * (task_id wins when both are given). The advertised schema is TaskOutput's alone.
 */
function acceptBashId(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("bash_id" in value)) return value;
  const { bash_id, ...rest } = value as Record<string, unknown>;
  return "task_id" in rest ? rest : { ...rest, task_id: bash_id };
}

/** TaskOutput's input, with Claude Code's field names. */
export const taskOutputInputSchema = z.preprocess(
  acceptBashId,
  z.strictObject({
    task_id: z
      .string()
      .describe("The id of the background task, as Bash gave it when it started the command."),
    block: z
      .boolean()
      .optional()
      .describe(
        "Wait until the task has ended (default true); false returns at once with what is there.",
      ),
    timeout: z
      .number()
      .min(0)
      .max(MAX_WAIT_MS)
      .optional()
      .describe(
        `The longest to wait when block is true, in milliseconds (default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS}).`,
      ),
  }),
);

/** A parsed TaskOutput input. */
export type TaskOutputInput = z.infer<typeof taskOutputInputSchema>;

/** Whether the task had ended by the time its output was read. */
export type RetrievalStatus = "success" | "timeout" | "not_ready";

/** What a TaskOutput call found. */
export interface TaskOutputOutput {
  /** success: the task has ended; timeout: still running after the wait; not_ready: not waited for. */
  retrievalStatus: RetrievalStatus;
  task: ShellTaskState;
  /** The output written since the previous read, capped (the full log stays in task.outputFile). */
  output: LogSlice;
}
