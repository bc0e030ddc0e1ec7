import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMcpManager, type McpManager, type McpManagerOptions } from "../../src/mcp/index.js";
import type { McpServerSpec } from "../../src/mcp/resolve-servers.js";
import type { ToolResultBlock } from "../../src/protocol/content.js";
import { type AnyTool, findTool } from "../../src/tools/tool.js";
import { afterEachTest } from "../helpers/after-each-test.js";
import { makeToolCallContext } from "../helpers/tool-context.js";

const managers: McpManager[] = [];
const folders: string[] = [];

afterEachTest(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

/** A temporary folder removed after the test. */
export async function tempFolder(prefix = "keel-mcp-"): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** A fixture file under test/fixtures/mcp. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/mcp/${name}`, import.meta.url));
}

/** A package's MCP server binary from node_modules/.bin. */
export function bin(name: string): string {
  return fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
}

/** A stdio server declared with --mcp-config. */
export function stdioServer(name: string, command: string, args: string[] = []): McpServerSpec {
  return {
    name,
    scope: "dynamic",
    origin: "test",
    config: { type: "stdio", command, args, env: {} },
  };
}

/** Our scripted stdio server (test/fixtures/mcp/test-server.mjs). */
export function testServer(name: string): McpServerSpec {
  return stdioServer(name, process.execPath, [fixture("test-server.mjs")]);
}

/** A manager closed after the test; its state folder is a temporary folder. */
export async function startManager(
  options: Partial<McpManagerOptions> & Pick<McpManagerOptions, "servers">,
): Promise<McpManager> {
  const stateDir = options.stateDir ?? (await tempFolder("keel-mcp-state-"));
  const manager = createMcpManager({ cwd: process.cwd(), env: process.env, ...options, stateDir });
  managers.push(manager);
  return manager;
}

/** Calls a tool by name with a fresh call context; returns the tool_result block. */
export async function callTool(
  tools: readonly AnyTool[],
  name: string,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolResultBlock> {
  const tool = findTool(tools, name);
  if (!tool) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(", ")}`);
  const context = makeToolCallContext({ tools, ...(signal ? { signal } : {}) });
  const result = await tool.call(input, context, () => {});
  return tool.mapToolResult(result.data, "toolu_1");
}

/** Text of a tool_result's content. */
export function resultText(block: ToolResultBlock): string {
  if (typeof block.content === "string") return block.content;
  return (block.content ?? []).map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
}

/** Waits (by polling, never asserting on time) until a condition holds. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
}
