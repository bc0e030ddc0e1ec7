import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool, ValidationResult } from "../../tool.js";
import { resolveInputPath } from "../file-paths.js";
import { commitWrite, type PendingWrite } from "./commit.js";
import type { FileStateKeys } from "./file-state.js";
import { type FileToolDeps, resolveTarget } from "./target.js";
import { checkWritePermission } from "./write-permission.js";

/** A planned change of one file that may not happen: the message tells the model why. */
export interface RefusedChange {
  ok: false;
  message: string;
}

/** A planned change of one file that may happen: the content before and what to write. */
export interface ReadyChange {
  ok: true;
  before: string;
  pending: PendingWrite;
}

/** Plans a change of the target file from its current content; run under the file's lock. */
export type PlanChange<Ready extends ReadyChange> = (
  keys: FileStateKeys,
) => Promise<RefusedChange | Ready>;

/** How a file-changing tool plans the change an input asks for. */
export type PlanFor<Input, Ready extends ReadyChange> = (
  input: Input,
  context: ToolUseContext,
) => PlanChange<Ready>;

/**
 * validateInput of a file-changing tool: plans the change under the file's lock (so a parallel
 * change is never half-seen) and keeps only the verdict.
 */
async function validateFileChange<Ready extends ReadyChange>(
  filePath: string,
  context: ToolUseContext,
  deps: FileToolDeps,
  plan: PlanChange<Ready>,
): Promise<ValidationResult> {
  const keys = await resolveTarget(filePath, context.options.cwd, deps.home);
  const verdict = await deps.locks.run(keys.realPath, () => plan(keys));
  return verdict.ok ? { ok: true } : { ok: false, message: verdict.message };
}

/**
 * call of a file-changing tool: plans again under the file's lock, from the latest content (a
 * parallel call may have written since validateInput), then writes it atomically. A refused
 * plan throws its message; an aborted call writes nothing.
 */
export async function commitFileChange<Ready extends ReadyChange>(
  filePath: string,
  context: ToolCallContext,
  deps: FileToolDeps,
  plan: PlanChange<Ready>,
): Promise<{ keys: FileStateKeys; plan: Ready }> {
  const keys = await resolveTarget(filePath, context.options.cwd, deps.home);
  return deps.locks.run(keys.realPath, async () => {
    const planned = await plan(keys);
    if (!planned.ok) throw new Error(planned.message);
    context.signal.throwIfAborted();
    await commitWrite(keys, planned.pending, context.readFileState, deps.writeSteps);
    return { keys, plan: planned };
  });
}

/** The parts of a file-changing tool that Write and Edit share; each adds its own call. */
export type FileChangeToolParts<Input> = Pick<
  Tool<Input, unknown>,
  "maxResultSizeChars" | "isReadOnly" | "isConcurrencySafe" | "validateInput" | "checkPermissions"
>;

/**
 * What Write and Edit share as tools: they change files, so never run alongside other calls;
 * validateInput plans the change; permission is the write verdict on the path as resolved.
 */
export function fileChangeToolParts<Input extends { file_path: string }, Ready extends ReadyChange>(
  toolName: string,
  deps: FileToolDeps,
  planFor: PlanFor<Input, Ready>,
): FileChangeToolParts<Input> {
  return {
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    validateInput: (input, context) =>
      validateFileChange(input.file_path, context, deps, planFor(input, context)),
    checkPermissions: (input, context) =>
      checkWritePermission(
        toolName,
        resolveInputPath(input.file_path, context.options.cwd, deps.home),
        context,
      ),
  };
}
