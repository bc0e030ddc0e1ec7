import type { ToolResultBlock } from "../../../protocol/content.js";
import type { StopOutcome } from "../../background/background-shells.js";
import type { TeammateStopOutcome } from "../../teammates.js";
import type { McpMonitorStopOutcome } from "../monitor/mcp-source.js";
import type { TaskStopOutput } from "./schema.js";

/** The tool_result the model sees: the task was stopped, or had already ended (and how). */
export function taskStopResult(output: TaskStopOutput, toolUseId: string): ToolResultBlock {
  if (isTeammateStop(output)) return teammateStopResult(output, toolUseId);
  if (isMonitorStop(output)) return monitorStopResult(output, toolUseId);
  const { state } = output;
  const content =
    output.outcome === "stopped"
      ? `Stopped background task ${state.id} (${state.command}). Its output is in ${state.outputFile}.`
      : `Background task ${state.id} (${state.command}) had already finished (${ending(output)}); nothing was stopped.`;
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

function isMonitorStop(output: TaskStopOutput): output is McpMonitorStopOutcome {
  return output.state.type === "monitor_mcp";
}

function isTeammateStop(output: TaskStopOutput): output is TeammateStopOutcome {
  return output.state.type === "in_process_teammate";
}

function teammateStopResult(output: TeammateStopOutcome, toolUseId: string): ToolResultBlock {
  const { id } = output.state;
  const content =
    output.outcome === "stopped"
      ? `Stopped teammate ${id}.`
      : `Teammate ${id} had already ended; nothing was stopped.`;
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

function monitorStopResult(output: McpMonitorStopOutcome, toolUseId: string): ToolResultBlock {
  const { id, description, server, status } = output.state;
  const what = `MCP monitor ${id} (${description}, server ${server})`;
  const content =
    output.outcome === "stopped"
      ? `Stopped ${what}.`
      : `${what} had already ended (${status}); nothing was stopped.`;
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

function ending({ state }: StopOutcome): string {
  if (!("exitCode" in state)) return state.status;
  if (state.exitCode !== null) return `${state.status}, exit code ${state.exitCode}`;
  return state.exitSignal ? `${state.status}, signal ${state.exitSignal}` : state.status;
}
