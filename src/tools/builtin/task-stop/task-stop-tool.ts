import type { BackgroundShells } from "../../background/background-shells.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import { checkKnownTask } from "../task-lookup.js";
import { taskStopDescription } from "./description.js";
import { taskStopResult } from "./result.js";
import {
  stopTaskId,
  type TaskStopInput,
  type TaskStopOutput,
  taskStopInputSchema,
} from "./schema.js";

/**
 * TaskStop (alias KillShell) of one session: stops a background shell's whole process group
 * (SIGTERM, then SIGKILL after a grace period) and marks it killed.
 */
export function createTaskStopTool(
  _config: BuiltinToolsConfig,
  shells: BackgroundShells,
): Tool<TaskStopInput, TaskStopOutput> {
  return {
    name: "TaskStop",
    aliases: ["KillShell"],
    description: taskStopDescription(),
    inputSchema: taskStopInputSchema,
    maxResultSizeChars: 10_000,
    // It ends processes, so it changes the world and must not run beside other calls.
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    // It can only stop what this session's Bash started.
    checkPermissions: async () => ({ behavior: "allow" }),
    async validateInput(input) {
      return checkKnownTask(shells, stopTaskId(input));
    },
    async call(input) {
      return { data: await shells.stop(stopTaskId(input)) };
    },
    mapToolResult: taskStopResult,
  };
}
