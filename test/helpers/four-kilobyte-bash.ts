import { z } from "zod";
import type { Tool, ToolCallResult } from "../../src/tools/tool.js";

/** A shell-like test double named Bash (a tool microcompact clears) whose every answer is 4 KB. */
export const fourKilobyteBash: Tool<{ command: string }, string> = {
  name: "Bash",
  description: "Runs a command (test double: 4 KB of output).",
  inputSchema: z.strictObject({ command: z.string() }),
  maxResultSizeChars: 30_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call(input): Promise<ToolCallResult<string>> {
    return { data: `${input.command}\n${"o".repeat(4_000)}` };
  },
  mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
};
