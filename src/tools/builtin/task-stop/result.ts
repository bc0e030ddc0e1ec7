import type { ToolResultBlock } from "../../../protocol/content.js";
import type { TaskStopOutput } from "./schema.js";

/** The tool_result the model sees: the task was stopped, or had already ended (and how). */
export function taskStopResult(output: TaskStopOutput, toolUseId: string): ToolResultBlock {
  const { state } = output;
  const content =
    output.outcome === "stopped"
      ? `Stopped background task ${state.id} (${state.command}). Its output is in ${state.outputFile}.`
      : `Background task ${state.id} (${state.command}) had already finished (${ending(output)}); nothing was stopped.`;
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

function ending({ state }: TaskStopOutput): string {
  if (!("exitCode" in state)) return state.status;
  if (state.exitCode !== null) return `${state.status}, exit code ${state.exitCode}`;
  return state.exitSignal ? `${state.status}, signal ${state.exitSignal}` : state.status;
}
