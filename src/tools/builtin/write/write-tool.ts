import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool, ToolCallResult } from "../../tool.js";
import { commitFileChange, fileChangeToolParts } from "../file-io/file-change.js";
import type { FileStateKeys } from "../file-io/file-state.js";
import { diffHunks } from "../file-io/structured-diff.js";
import { type FileToolDeps, fileToolDeps } from "../file-io/target.js";
import { WRITE_DESCRIPTION } from "./description.js";
import { planWrite } from "./plan.js";
import { type WriteInput, type WriteOutput, writeInputSchema } from "./schema.js";

/** The model-facing text for a finished Write (Claude Code's wording). */
export function writeResultText(output: WriteOutput): string {
  return output.type === "create"
    ? `File created successfully at: ${output.filePath}`
    : `The file ${output.filePath} has been updated successfully.`;
}

/** The Write tool of one session: creates or overwrites whole files, atomically. */
export function createWriteTool(
  config: BuiltinToolsConfig,
  given: Partial<FileToolDeps> = {},
): Tool<WriteInput, WriteOutput> {
  const deps = fileToolDeps(config, given);
  const plan = (input: WriteInput, context: ToolUseContext) => (keys: FileStateKeys) =>
    planWrite(keys, input.content, context.readFileState);

  async function call(
    input: WriteInput,
    context: ToolCallContext,
  ): Promise<ToolCallResult<WriteOutput>> {
    const done = await commitFileChange(input.file_path, context, deps, plan(input, context));
    const structuredPatch = diffHunks(done.plan.before, input.content);
    return { data: { type: done.plan.type, filePath: done.keys.path, structuredPatch } };
  }

  return {
    name: "Write",
    description: WRITE_DESCRIPTION,
    inputSchema: writeInputSchema,
    ...fileChangeToolParts("Write", deps, plan),
    call,
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: writeResultText(output),
    }),
  };
}
