import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool, ToolCallResult } from "../../tool.js";
import { commitFileChange, fileChangeToolParts } from "../file-io/file-change.js";
import type { FileStateKeys } from "../file-io/file-state.js";
import { diffHunks } from "../file-io/structured-diff.js";
import { type FileToolDeps, fileToolDeps } from "../file-io/target.js";
import { EDIT_DESCRIPTION } from "./description.js";
import { planEdit } from "./plan.js";
import { type EditInput, type EditOutput, editInputSchema } from "./schema.js";

/** The model-facing text for a finished Edit (Claude Code's wording). */
export function editResultText(output: EditOutput): string {
  const done = `The file ${output.filePath} has been updated successfully.`;
  return output.replaceAll ? `${done} All occurrences were successfully replaced.` : done;
}

/** The Edit tool of one session: exact string replacement, atomic and serialised per file. */
export function createEditTool(
  config: BuiltinToolsConfig,
  given: Partial<FileToolDeps> = {},
): Tool<EditInput, EditOutput> {
  const deps = fileToolDeps(config, given);
  const plan = (input: EditInput, context: ToolUseContext) => (keys: FileStateKeys) =>
    planEdit(input, keys, context.readFileState, context.options.cwd);

  async function call(
    input: EditInput,
    context: ToolCallContext,
  ): Promise<ToolCallResult<EditOutput>> {
    const done = await commitFileChange(input.file_path, context, deps, plan(input, context));
    const data: EditOutput = {
      filePath: done.keys.path,
      oldString: input.old_string,
      newString: input.new_string,
      replaceAll: input.replace_all,
      replacements: done.plan.replacements,
      structuredPatch: diffHunks(done.plan.before, done.plan.pending.text),
    };
    return { data };
  }

  return {
    name: "Edit",
    description: EDIT_DESCRIPTION,
    inputSchema: editInputSchema,
    ...fileChangeToolParts("Edit", deps, plan),
    call,
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: editResultText(output),
    }),
  };
}
