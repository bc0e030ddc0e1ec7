import type { WriteOutput } from "../../../src/tools/builtin/write/schema.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import { type RunOutcome, runTool, toolsConfig } from "../file-io/helpers.js";

/** Runs one Write through the pipeline with a fresh tool of the session. */
export function runWrite(
  dir: string,
  input: Record<string, unknown>,
  context: ToolCallContext,
): Promise<RunOutcome<WriteOutput>> {
  return runTool(createWriteTool(toolsConfig(dir)), input, context);
}
