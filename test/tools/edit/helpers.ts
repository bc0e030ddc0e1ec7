import { utimes, writeFile } from "node:fs/promises";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import type { EditOutput } from "../../../src/tools/builtin/edit/schema.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import {
  makeContext,
  type RunOutcome,
  recordRead,
  runTool,
  toolsConfig,
} from "../file-io/helpers.js";

/** A fixed past time, so "changed on disk" never depends on the clock's resolution. */
export const EARLIER = new Date("2020-01-01T00:00:00Z");

/** Writes a file with an old timestamp and records a full Read of it in a new context. */
export async function readyFile(
  dir: string,
  path: string,
  content: string | Buffer,
): Promise<ToolCallContext> {
  await writeFile(path, content);
  await utimes(path, EARLIER, EARLIER);
  const context = makeContext({ cwd: dir });
  await recordRead(context, path);
  return context;
}

/** Runs one Edit through the pipeline with a fresh tool of the session. */
export function runEdit(
  dir: string,
  input: Record<string, unknown>,
  context: ToolCallContext,
): Promise<RunOutcome<EditOutput>> {
  return runTool(createEditTool(toolsConfig(dir)), input, context);
}
