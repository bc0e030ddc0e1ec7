import { mkdtemp, readFile, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeText } from "../../../src/tools/builtin/file-io/encoding.js";
import { toLf } from "../../../src/tools/builtin/file-io/line-endings.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { AppState, PermissionMode, ToolCallContext } from "../../../src/tools/context.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../../../src/tools/hooks.js";
import type { Tool } from "../../../src/tools/tool.js";

/** A temp folder (real path, so symlinked /tmp setups compare equal) and its removal. */
export async function makeTempDir(prefix = "keel-file-tools-"): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

/** Removes a temp folder made by makeTempDir. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** The session config built-in tool factories receive. */
export function toolsConfig(cwd: string): BuiltinToolsConfig {
  return {
    cwd,
    sessionDir: join(cwd, ".session"),
    stateDir: join(cwd, ".state"),
    env: { HOME: cwd },
  };
}

/** Options for a test context. */
export interface ContextOptions {
  cwd: string;
  additionalDirectories?: string[];
  mode?: PermissionMode;
  readFileState?: FileStateCache;
  signal?: AbortSignal;
}

/** A minimal real ToolCallContext: one turn's bus with a fresh readFileState. */
export function makeContext(options: ContextOptions): ToolCallContext {
  let appState: AppState = { permissionMode: options.mode ?? "default" };
  const abortController = new AbortController();
  return {
    options: {
      tools: [],
      mainLoopModel: "test-model",
      commands: [],
      agentDefinitions: [],
      isNonInteractiveSession: true,
      maxToolUseConcurrency: 10,
      cwd: options.cwd,
      additionalDirectories: options.additionalDirectories ?? [],
    },
    abortController,
    readFileState: options.readFileState ?? new FileStateCache(),
    toolDecisions: new Map(),
    messages: [],
    canUseTool: async () => ({ behavior: "allow" }),
    hooks: NO_TOOL_HOOKS,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setInProgressToolUseIds: () => {},
    toolUseId: "toolu_test",
    signal: options.signal ?? abortController.signal,
  };
}

/**
 * Records a Read of a file as the Read tool does: the text (BOM dropped, LF line breaks, no final
 * line break) and the modification time, with offset/limit when only part was read.
 */
export async function recordRead(
  context: ToolCallContext,
  path: string,
  range: { offset?: number; limit?: number } = {},
): Promise<void> {
  // Read keeps the lines joined by LF, without the final line break.
  const text = toLf(decodeText(await readFile(path)).text).replace(/\n$/, "");
  const mtimeMs = (await stat(path)).mtimeMs;
  context.readFileState.set(path, { content: text, timestamp: mtimeMs, ...range });
}

/** How a run through the pipeline ended: the result text, or the error the model would see. */
export type RunOutcome<Output> =
  | { ok: true; output: Output; text: string }
  | { ok: false; stage: "schema" | "validate" | "call"; message: string };

/**
 * Runs a tool the way the orchestrator does: parse the input, validateInput, call, then
 * mapToolResult; a failure at any stage becomes the message the model would get.
 */
export async function runTool<Input, Output>(
  tool: Tool<Input, Output>,
  rawInput: unknown,
  context: ToolCallContext,
): Promise<RunOutcome<Output>> {
  const parsed = tool.inputSchema.safeParse(rawInput);
  if (!parsed.success) return { ok: false, stage: "schema", message: parsed.error.message };
  const verdict = (await tool.validateInput?.(parsed.data, context)) ?? { ok: true };
  if (!verdict.ok) return { ok: false, stage: "validate", message: verdict.message };
  try {
    const { data } = await tool.call(parsed.data, context, () => {});
    const block = tool.mapToolResult(data, context.toolUseId);
    return { ok: true, output: data, text: typeof block.content === "string" ? block.content : "" };
  } catch (error) {
    return {
      ok: false,
      stage: "call",
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The message of a failed run (fails the test if the run succeeded). */
export function failureOf<Output>(outcome: RunOutcome<Output>): string {
  if (outcome.ok) throw new Error(`expected a failure, got: ${outcome.text}`);
  return outcome.message;
}

/** The output of a successful run (fails the test with the error otherwise). */
export function successOf<Output>(outcome: RunOutcome<Output>): { output: Output; text: string } {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.stage} error: ${outcome.message}`);
  return outcome;
}
