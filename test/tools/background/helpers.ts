import { afterEach } from "vitest";
import {
  type BackgroundShells,
  createBackgroundShells,
} from "../../../src/tools/background/index.js";
import { createTaskOutputTool } from "../../../src/tools/builtin/task-output/task-output-tool.js";
import { createTaskStopTool } from "../../../src/tools/builtin/task-stop/task-stop-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import type { AnyTool, Tool } from "../../../src/tools/tool.js";
import { parseToolInput } from "../../../src/tools/tool-input.js";
import {
  type ContextOptions,
  createBashTool,
  FAST_TIMING,
  makeContext,
  resultText,
  sessionConfig,
  useSessionFolders,
} from "../bash/helpers.js";

export { eventually, isAlive, makeContext, readPid, resultText } from "../bash/helpers.js";

/** A test session: its folders, its background shells and the three tools sharing them. */
export interface BackgroundSession {
  root: string;
  work: string;
  config: BuiltinToolsConfig;
  shells: BackgroundShells;
  bash: ReturnType<typeof createBashTool>;
  taskOutput: ReturnType<typeof createTaskOutputTool>;
  taskStop: ReturnType<typeof createTaskStopTool>;
  context(options?: ContextOptions): ToolCallContext;
}

/** Builds a session over `root` (short kill grace), its tools sharing one registry. */
export function backgroundSession(
  root: string,
  work: string,
  env: Record<string, string> = {},
): BackgroundSession {
  const config = sessionConfig(root, env);
  const shells = createBackgroundShells(config, { killGraceMs: 300 });
  return {
    root,
    work,
    config,
    shells,
    bash: createBashTool(config, { ...FAST_TIMING, backgroundShells: shells }),
    taskOutput: createTaskOutputTool(config, shells),
    taskStop: createTaskStopTool(config, shells),
    context: (options = {}) => makeContext(work, options),
  };
}

/**
 * Gives each test a fresh session (folders, registry, tools) through `use`; its shells are
 * disposed after the test, before its folders are removed.
 */
export function useBackgroundSession(
  use: (session: BackgroundSession) => void,
  env: Record<string, string> = {},
): void {
  let session: BackgroundSession | undefined;
  useSessionFolders(({ root, work }) => {
    session = backgroundSession(root, work, env);
    use(session);
  });
  afterEach(async () => {
    await session?.shells.dispose();
  });
}

/** A call the way the pipeline makes it: schema, validateInput, call, mapToolResult. */
export async function callTool<Input, Output>(
  tool: Tool<Input, Output>,
  input: Record<string, unknown>,
  context: ToolCallContext,
): Promise<{ data: Output; text: string; isError: boolean }> {
  const parsed = parseToolInput(tool as unknown as AnyTool, input);
  if (!parsed.ok) throw new Error(parsed.message);
  const valid = await tool.validateInput?.(parsed.data as Input, context);
  if (valid && !valid.ok) throw new Error(valid.message);
  const { data } = await tool.call(parsed.data as Input, context, () => {});
  const block = tool.mapToolResult(data, context.toolUseId);
  return { data, text: resultText(block), isError: block.is_error === true };
}

/** Starts `command` with Bash run_in_background and returns the new task's id. */
export async function startInBackground(
  session: BackgroundSession,
  command: string,
  context = session.context(),
): Promise<string> {
  const { data } = await callTool(session.bash, { command, run_in_background: true }, context);
  if (!data.background) throw new Error("Bash did not start a background shell");
  return data.background.taskId;
}

/** A command that waits (polling) until the file `name` exists in its working folder. */
export function waitForFile(name: string): string {
  return `while [ ! -e ${name} ]; do sleep 0.02; done`;
}
