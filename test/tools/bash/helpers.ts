import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { type BashToolOptions, createBashTool } from "../../../src/tools/builtin/bash/index.js";
import type { BashInput, BashOutput } from "../../../src/tools/builtin/bash/schema.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import type { Tool } from "../../../src/tools/tool.js";
import { makeToolCallContext, type ToolCallContextOptions } from "../../helpers/tool-context.js";

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

/** The folders of a test session: everything lives under `root`; `work` is the working folder. */
export interface SessionFolders {
  root: string;
  work: string;
}

/**
 * Gives each test of the calling suite a fresh session root with its working folder (and the
 * given folders inside it, relative paths) created, handed to `use` before the test runs; the
 * root is removed afterwards.
 */
export function useSessionFolders(use: (folders: SessionFolders) => void, ...inWork: string[]) {
  let root: string | undefined;
  beforeEach(async () => {
    root = await makeTempDir();
    const work = sessionConfig(root).cwd;
    await mkdir(work, { recursive: true });
    for (const folder of inWork) await mkdir(join(work, folder), { recursive: true });
    use({ root, work });
  });
  afterEach(async () => {
    if (root !== undefined) await removeDir(root);
  });
}

/** Short waits so tests that reach a grace period stay quick. */
export const FAST_TIMING: BashToolOptions = {
  timing: { drainGraceMs: 100, maxDrainMs: 2_000, killGraceMs: 300 },
};

/** What a test context can be given besides its working folder. */
export type ContextOptions = Omit<ToolCallContextOptions, "cwd">;

/** A minimal real ToolCallContext: working folder `cwd`, an allow-all canUseTool. */
export function makeContext(cwd: string, options: ContextOptions = {}): ToolCallContext {
  return makeToolCallContext({ ...options, cwd });
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
