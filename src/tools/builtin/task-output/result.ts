import type { ToolResultBlock } from "../../../protocol/content.js";
import type { TaskOutputOutput } from "./schema.js";

/**
 * The tool_result the model sees: tagged fields (retrieval status, id, type, status, exit
 * code, output), then where the full output is when the middle was left out.
 */
export function taskOutputResult(output: TaskOutputOutput, toolUseId: string): ToolResultBlock {
  const { task } = output;
  const lines = [
    `<retrieval_status>${output.retrievalStatus}</retrieval_status>`,
    `<task_id>${task.id}</task_id>`,
    `<task_type>${task.type}</task_type>`,
    `<status>${task.status}</status>`,
  ];
  if ("exitCode" in task && task.exitCode !== null)
    lines.push(`<exit_code>${task.exitCode}</exit_code>`);
  if ("exitSignal" in task && task.exitSignal) lines.push(`<signal>${task.exitSignal}</signal>`);
  if ("error" in task && task.error) lines.push(`<error>${task.error}</error>`);
  const text = output.output.text.trimEnd();
  if (text !== "") lines.push(`<output>\n${text}\n</output>`);
  lines.push(...notes(output));
  return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") };
}

function notes(output: TaskOutputOutput): string[] {
  const out: string[] = [];
  if (output.output.text === "") out.push("(No new output since the previous read.)");
  if (output.output.omittedBytes > 0) {
    out.push(
      `[The new output was ${output.output.bytes} bytes; the middle was left out. The full output is in ${output.task.outputFile} (read it with the Read tool, using offset and limit).]`,
    );
  }
  if (output.retrievalStatus !== "success") {
    out.push("(Still running: call TaskOutput again for what comes next, or TaskStop to stop it.)");
  }
  return out;
}
