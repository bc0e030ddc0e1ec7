import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import type { EditOutput } from "../../../src/tools/builtin/edit/schema.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import { type RunOutcome, runTool, toolsConfig } from "../file-io/helpers.js";

export { EARLIER, readyFile } from "../file-io/helpers.js";

/** Runs one Edit through the pipeline with a fresh tool of the session. */
export function runEdit(
  dir: string,
  input: Record<string, unknown>,
  context: ToolCallContext,
): Promise<RunOutcome<EditOutput>> {
  return runTool(createEditTool(toolsConfig(dir)), input, context);
}
