import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool, ToolCallResult, ValidationResult } from "../../tool.js";
import { commitWrite } from "../file-io/commit.js";
import { resolveToolPath } from "../file-io/paths.js";
import { diffHunks } from "../file-io/structured-diff.js";
import { type FileToolDeps, fileToolDeps, resolveTarget } from "../file-io/target.js";
import { checkWritePermission } from "../file-io/write-permission.js";
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
  const target = (input: EditInput, context: ToolUseContext) =>
    resolveTarget(input.file_path, context.options.cwd, deps.home);

  async function validateInput(
    input: EditInput,
    context: ToolUseContext,
  ): Promise<ValidationResult> {
    const keys = await target(input, context);
    const plan = await deps.locks.run(keys.realPath, () =>
      planEdit(input, keys, context.readFileState, context.options.cwd),
    );
    return plan.ok ? { ok: true } : { ok: false, message: plan.message };
  }

  async function call(
    input: EditInput,
    context: ToolCallContext,
  ): Promise<ToolCallResult<EditOutput>> {
    const keys = await target(input, context);
    // Planned again under the lock, from the latest content: a parallel Edit may have written.
    return deps.locks.run(keys.realPath, async () => {
      const plan = await planEdit(input, keys, context.readFileState, context.options.cwd);
      if (!plan.ok) throw new Error(plan.message);
      context.signal.throwIfAborted();
      await commitWrite(keys, plan.pending, context.readFileState, deps.writeSteps);
      const data: EditOutput = {
        filePath: keys.path,
        oldString: input.old_string,
        newString: input.new_string,
        replaceAll: input.replace_all,
        replacements: plan.replacements,
        structuredPatch: diffHunks(plan.before, plan.pending.text),
      };
      return { data };
    });
  }

  return {
    name: "Edit",
    description: EDIT_DESCRIPTION,
    inputSchema: editInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    validateInput,
    checkPermissions: (input, context) =>
      checkWritePermission(
        "Edit",
        resolveToolPath(input.file_path, context.options.cwd, deps.home),
        context,
      ),
    call,
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: editResultText(output),
    }),
  };
}
