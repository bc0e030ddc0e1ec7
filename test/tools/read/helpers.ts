import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolResultBlock } from "../../../src/protocol/content.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import type { Tool } from "../../../src/tools/tool.js";
import { makeToolCallContext, type ToolCallContextOptions } from "../../helpers/tool-context.js";

/** A temp folder per test, removed afterwards (realpath'd: /tmp may be a link elsewhere). */
export class TempFolders {
  private readonly made: string[] = [];

  async make(prefix = "keel-tools-"): Promise<string> {
    const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
    this.made.push(dir);
    return dir;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** A session config for built-in tools rooted in `cwd`. */
export function toolsConfig(
  cwd: string,
  stateDir: string,
  env: Record<string, string> = {},
): BuiltinToolsConfig {
  return {
    cwd,
    sessionDir: join(stateDir, "session"),
    stateDir,
    env: { PATH: process.env.PATH, HOME: join(stateDir, "home"), ...env },
  };
}

/** What a test context can be given besides its working folder. */
export type ContextOptions = Omit<ToolCallContextOptions, "cwd">;

/** A minimal real ToolCallContext: working folder `cwd`, an allow-all canUseTool. */
export function makeContext(cwd: string, options: ContextOptions = {}): ToolCallContext {
  return makeToolCallContext({ ...options, cwd });
}

/** A tool call's output and the tool_result block the model would see. */
export interface CallOutcome<Output> {
  data: Output;
  block: ToolResultBlock;
  /** The block's content when it is text. */
  text: string;
}

/** Calls a tool the way the pipeline does: input parsed by its schema, validated, then called. */
export async function callTool<Input, Output>(
  tool: Tool<Input, Output>,
  rawInput: Record<string, unknown>,
  context: ToolCallContext,
): Promise<CallOutcome<Output>> {
  const input = tool.inputSchema.parse(rawInput);
  const validation = (await tool.validateInput?.(input, context)) ?? { ok: true };
  if (!validation.ok) throw new Error(validation.message);
  const { data } = await tool.call(input, context, () => {});
  const block = tool.mapToolResult(data, context.toolUseId);
  return { data, block, text: typeof block.content === "string" ? block.content : "" };
}

/** The message a tool call fails with (validation or call); fails the test if it succeeds. */
export async function callError<Input, Output>(
  tool: Tool<Input, Output>,
  rawInput: Record<string, unknown>,
  context: ToolCallContext,
): Promise<string> {
  try {
    await callTool(tool, rawInput, context);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected the tool call to fail, but it succeeded");
}
