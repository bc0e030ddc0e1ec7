import type { ToolResultBlock } from "../../../protocol/content.js";
import { remoteLaunchedResult } from "./remote-isolation.js";
import type { AgentOutput } from "./schema.js";
import { teammateSpawnedText } from "./teammate-spawn.js";

/** The text the model gets when a subagent left no final message. */
const NO_OUTPUT_TEXT = "(The agent finished without a final message.)";

/** What the model sees of a subagent's run: its final text, then a short usage note. */
export function mapAgentResult(output: AgentOutput, toolUseId: string): ToolResultBlock {
  if (output.remote) return remoteLaunchedResult(output.remote, toolUseId);
  if (output.teammate) {
    const text = teammateSpawnedText(output.teammate);
    return { type: "tool_result", tool_use_id: toolUseId, content: [{ type: "text", text }] };
  }
  if (output.background) return backgroundResult(output.background, output.name, toolUseId);
  const { usage } = output;
  const totalTokens =
    usage.input_tokens +
    usage.output_tokens +
    usage.cache_creation_input_tokens +
    usage.cache_read_input_tokens;
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: [
      { type: "text", text: output.text.trim() === "" ? NO_OUTPUT_TEXT : output.text },
      {
        type: "text",
        text: `<usage>${nameLine(output)}turns: ${output.turns}\ntotal_tokens: ${totalTokens}</usage>`,
      },
    ],
    ...(output.isError ? { is_error: true } : {}),
  };
}

/** The agent's name in its usage note, when the call gave one. */
function nameLine(output: AgentOutput): string {
  return output.name === undefined ? "" : `name: ${output.name}\n`;
}

/** What the model is told of an agent started in the background. */
function backgroundResult(
  task: NonNullable<AgentOutput["background"]>,
  name: string | undefined,
  toolUseId: string,
): ToolResultBlock {
  const who = name === undefined ? "The agent" : `The agent "${name}"`;
  // Claude Code's hint for an addressable agent (its registry continues it: BackgroundAgents).
  const more =
    name === undefined ? "" : ` (use SendMessage with to: '${name}' to continue this agent)`;
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: [
      {
        type: "text",
        text: `${who} is running in the background as task ${task.taskId}${more}. You will be notified when it ends; its output is written to ${task.outputFile}. Briefly tell the user what you launched; do not wait for it or check on it unless asked.`,
      },
    ],
  };
}
