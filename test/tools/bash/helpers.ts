import { readFileSync } from "node:fs";
import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BashToolOptions, createBashTool } from "../../../src/tools/builtin/bash/index.js";
import type { BashInput, BashOutput } from "../../../src/tools/builtin/bash/schema.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { AppState, ToolCallContext } from "../../../src/tools/context.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../../../src/tools/hooks.js";
import type { Tool } from "../../../src/tools/tool.js";

/** A temp folder by its real path (symlinked /tmp setups compare equal). */
export async function makeTempDir(prefix = "keel-bash-"): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

/** Removes a temp folder made by makeTempDir. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A session rooted in `root`: the working folder is root/work, the session folder root/session. */
export function sessionConfig(
  root: string,
  env: Record<string, string | undefined> = {},
): BuiltinToolsConfig {
  return {
    cwd: join(root, "work"),
    sessionDir: join(root, "session"),
    stateDir: join(root, "state"),
    env: { PATH: process.env.PATH, HOME: root, LANG: "C.UTF-8", ...env },
  };
}

/** Short waits so tests that reach a grace period stay quick. */
export const FAST_TIMING: BashToolOptions = {
  timing: { drainGraceMs: 100, maxDrainMs: 2_000, killGraceMs: 300 },
};

/** A minimal real ToolCallContext for one call. */
export function makeContext(
  cwd: string,
  options: { signal?: AbortSignal; toolUseId?: string; additionalDirectories?: string[] } = {},
): ToolCallContext {
  let appState: AppState = { permissionMode: "default" };
  const abortController = new AbortController();
  return {
    options: {
      tools: [],
      mainLoopModel: "test-model",
      commands: [],
      agentDefinitions: [],
      isNonInteractiveSession: true,
      maxToolUseConcurrency: 10,
      cwd,
      additionalDirectories: options.additionalDirectories ?? [],
    },
    abortController,
    readFileState: new FileStateCache(),
    toolDecisions: new Map(),
    messages: [],
    canUseTool: async () => ({ behavior: "allow" }),
    hooks: NO_TOOL_HOOKS,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setInProgressToolUseIds: () => {},
    toolUseId: options.toolUseId ?? "toolu_test",
    signal: options.signal ?? abortController.signal,
  };
}

/** Runs one Bash call the way the pipeline does (validate, call, map). */
export async function runBashCall(
  tool: Tool<BashInput, BashOutput>,
  input: BashInput,
  context: ToolCallContext,
  onProgress: (data: unknown) => void = () => {},
) {
  const parsed = tool.inputSchema.parse(input);
  const valid = await tool.validateInput?.(parsed, context);
  if (valid && !valid.ok) throw new Error(`invalid input: ${valid.message}`);
  const { data } = await tool.call(parsed, context, onProgress);
  return { data, block: tool.mapToolResult(data, context.toolUseId) };
}

/** The text content of a tool_result block. */
export function resultText(block: { content?: unknown }): string {
  return typeof block.content === "string" ? block.content : JSON.stringify(block.content);
}

/** True while a process with this pid runs (a zombie waiting to be reaped counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc: kill -0 is all we have
  }
}

/** Waits (bounded, as a safety net) until `condition` holds; false if it never did. */
export async function eventually(condition: () => boolean, limitMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

/** Reads a pid a command wrote to a file. */
export async function readPid(path: string): Promise<number> {
  return Number.parseInt((await readFile(path, "utf8")).trim(), 10);
}

export { createBashTool };
