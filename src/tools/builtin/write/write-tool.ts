import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool, ToolCallResult, ValidationResult } from "../../tool.js";
import { commitWrite } from "../file-io/commit.js";
import { resolveToolPath } from "../file-io/paths.js";
import { diffHunks } from "../file-io/structured-diff.js";
import { type FileToolDeps, fileToolDeps, resolveTarget } from "../file-io/target.js";
import { checkWritePermission } from "../file-io/write-permission.js";
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
  const target = (input: WriteInput, context: ToolUseContext) =>
    resolveTarget(input.file_path, context.options.cwd, deps.home);

  async function validateInput(
    input: WriteInput,
    context: ToolUseContext,
  ): Promise<ValidationResult> {
    const keys = await target(input, context);
    const plan = await deps.locks.run(keys.realPath, () =>
      planWrite(keys, input.content, context.readFileState),
    );
    return plan.ok ? { ok: true } : { ok: false, message: plan.message };
  }

  async function call(
    input: WriteInput,
    context: ToolCallContext,
  ): Promise<ToolCallResult<WriteOutput>> {
    const keys = await target(input, context);
    // Checked again under the lock: the file may have changed since validateInput ran.
    return deps.locks.run(keys.realPath, async () => {
      const plan = await planWrite(keys, input.content, context.readFileState);
      if (!plan.ok) throw new Error(plan.message);
      context.signal.throwIfAborted();
      await commitWrite(keys, plan.pending, context.readFileState, deps.writeSteps);
      const structuredPatch = diffHunks(plan.before, input.content);
      return { data: { type: plan.type, filePath: keys.path, structuredPatch } };
    });
  }

  return {
    name: "Write",
    description: WRITE_DESCRIPTION,
    inputSchema: writeInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    validateInput,
    checkPermissions: (input, context) =>
      checkWritePermission(
        "Write",
        resolveToolPath(input.file_path, context.options.cwd, deps.home),
        context,
      ),
    call,
    mapToolResult: (output, toolUseId) => ({
      type: "tool_result",
      tool_use_id: toolUseId,
      content: writeResultText(output),
    }),
  };
}
