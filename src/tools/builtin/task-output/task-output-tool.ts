import type { BackgroundShells } from "../../background/background-shells.js";
import { isTerminalTaskStatus } from "../../background/task-status.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import { bashLimits } from "../bash/limits.js";
import { checkKnownTask } from "../task-lookup.js";
import { taskOutputDescription } from "./description.js";
import { taskOutputResult } from "./result.js";
import {
  DEFAULT_WAIT_MS,
  type RetrievalStatus,
  type TaskOutputInput,
  type TaskOutputOutput,
  taskOutputInputSchema,
} from "./schema.js";

/** Room in a result for the tags and notes around the capped output. */
const RESULT_HEADROOM = 2_000;

/**
 * TaskOutput (alias BashOutput) of one session: the new output of a background shell since
 * the previous read, its status and exit code; waits for the end unless `block` is false.
 * Output is capped like Bash's (BASH_MAX_OUTPUT_LENGTH).
 */
export function createTaskOutputTool(
  config: BuiltinToolsConfig,
  shells: BackgroundShells,
): Tool<TaskOutputInput, TaskOutputOutput> {
  const limits = bashLimits(config.env);
  return {
    name: "TaskOutput",
    aliases: ["BashOutput"],
    description: taskOutputDescription(),
    inputSchema: taskOutputInputSchema,
    maxResultSizeChars: limits.maxOutputChars + RESULT_HEADROOM,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    // It reads what keel itself wrote for this session.
    checkPermissions: async () => ({ behavior: "allow" }),
    async validateInput(input) {
      return checkKnownTask(shells, input.task_id);
    },
    async call(input, context) {
      const block = input.block ?? true;
      if (block) {
        await shells.waitForEnd(input.task_id, input.timeout ?? DEFAULT_WAIT_MS, context.signal);
      }
      const { state, output } = await shells.readNewOutput(input.task_id, limits.maxOutputChars);
      return { data: { retrievalStatus: retrieval(state.status, block), task: state, output } };
    },
    mapToolResult: taskOutputResult,
  };
}

function retrieval(status: TaskOutputOutput["task"]["status"], block: boolean): RetrievalStatus {
  if (isTerminalTaskStatus(status)) return "success";
  return block ? "timeout" : "not_ready";
}
