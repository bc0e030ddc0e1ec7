import { mkdtemp, readFile, realpath, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { decodeText } from "../../../src/tools/builtin/file-io/encoding.js";
import { toLf } from "../../../src/tools/builtin/file-io/line-endings.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolCallContext } from "../../../src/tools/context.js";
import type { Tool } from "../../../src/tools/tool.js";
import { makeToolCallContext, type ToolCallContextOptions } from "../../helpers/tool-context.js";

/** A temp folder (real path, so symlinked /tmp setups compare equal) and its removal. */
export async function makeTempDir(prefix = "keel-file-tools-"): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

/** Removes a temp folder made by makeTempDir. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * Gives each test of the calling file (or suite) a fresh temp folder, handed to `use` before
 * the test runs, and removes it afterwards.
 */
export function useTempDir(use: (dir: string) => void): void {
  let made: string | undefined;
  beforeEach(async () => {
    made = await makeTempDir();
    use(made);
  });
  afterEach(async () => {
    if (made !== undefined) await removeDir(made);
  });
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

/** Options for a test context: the working folder is required. */
export type ContextOptions = ToolCallContextOptions & { cwd: string };

/** A minimal real ToolCallContext: one turn's bus with a fresh readFileState. */
export function makeContext(options: ContextOptions): ToolCallContext {
  return makeToolCallContext(options);
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
