import type { BackgroundShells } from "../../background/background-shells.js";
import { unknownTaskMessage } from "../../background/unknown-task.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import type { McpMonitorLauncher } from "../monitor/mcp-source.js";
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
 * (SIGTERM, then SIGKILL after a grace period) and marks it killed, or stops an MCP monitor.
 */
export function createTaskStopTool(
  _config: BuiltinToolsConfig,
  shells: BackgroundShells,
  /** The session's MCP monitors, which TaskStop stops too. */
  mcpMonitors?: McpMonitorLauncher,
): Tool<TaskStopInput, TaskStopOutput> {
  const monitorIds = () => mcpMonitors?.ids() ?? [];
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
    async validateInput(input, context) {
      const id = stopTaskId(input);
      if (shells.get(id) || monitorIds().includes(id)) return { ok: true };
      // A teammate is checked when stopped (a TaskStop of an unknown one fails then).
      if (context.options.stopTeammate) return { ok: true };
      return { ok: false, message: unknownTaskMessage(id, [...shells.ids(), ...monitorIds()]) };
    },
    async call(input, context) {
      const id = stopTaskId(input);
      if (shells.get(id)) return { data: await shells.stop(id) };
      if (monitorIds().includes(id)) {
        const monitor = await mcpMonitors?.stop(id);
        if (monitor) return { data: monitor };
      }
      const teammate = await context.options.stopTeammate?.(id);
      if (teammate) return { data: teammate };
      throw new Error(unknownTaskMessage(id, [...shells.ids(), ...monitorIds()]));
    },
    mapToolResult: taskStopResult,
  };
}
