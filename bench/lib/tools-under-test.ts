import { join } from "node:path";
import { createGlobTool } from "../../src/tools/builtin/glob/glob-tool.js";
import { createGrepTool } from "../../src/tools/builtin/grep/grep-tool.js";
import type { GrepOutput } from "../../src/tools/builtin/grep/output.js";
import { createReadTool } from "../../src/tools/builtin/read/read-tool.js";
import type { BuiltinToolsConfig } from "../../src/tools/builtin-config.js";
import { makeToolCallContext } from "../../test/helpers/tool-context.js";

/** A session config for the built-in tools, working in `cwd`, with its state in `stateDir`. */
export function benchConfig(cwd: string, stateDir: string): BuiltinToolsConfig {
  return { cwd, sessionDir: join(stateDir, "session"), stateDir, env: { ...process.env } };
}

const noProgress = () => {};

/** One Glob call as the loop makes it (call, then the tool_result); returns the files listed. */
export async function globOnce(config: BuiltinToolsConfig, pattern: string): Promise<number> {
  const tool = createGlobTool(config);
  const context = makeToolCallContext({ cwd: config.cwd });
  const { data } = await tool.call({ pattern }, context, noProgress);
  tool.mapToolResult(data, context.toolUseId);
  return data.filenames.length;
}

/** One Grep files_with_matches call (call, then the tool_result); returns the files matched. */
export async function grepFilesOnce(config: BuiltinToolsConfig, pattern: string): Promise<number> {
  const tool = createGrepTool(config);
  const context = makeToolCallContext({ cwd: config.cwd });
  const input = { pattern, output_mode: "files_with_matches" } as const;
  const { data } = await tool.call(input, context, noProgress);
  tool.mapToolResult(data, context.toolUseId);
  return filesMatched(data);
}

function filesMatched(output: GrepOutput): number {
  if (output.mode === "content") throw new Error("Grep answered with content, not files");
  return output.numFiles;
}

/** A line window to read. */
export interface ReadWindow {
  offset: number;
  limit: number;
}

/**
 * One Read of a window with a fresh readFileState (so it is never "unchanged since last read");
 * returns the first line shown, for checking.
 */
export async function readOnce(
  config: BuiltinToolsConfig,
  filePath: string,
  window: ReadWindow,
): Promise<string> {
  const tool = createReadTool(config);
  const context = makeToolCallContext({ cwd: config.cwd });
  const { data } = await tool.call({ file_path: filePath, ...window }, context, noProgress);
  tool.mapToolResult(data, context.toolUseId);
  if (data.type !== "text") throw new Error(`Read answered ${data.type}, not text`);
  return data.content.split("\n")[0] ?? "";
}
