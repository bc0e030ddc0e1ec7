import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const TEST_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));

let dir: string;
let home: string;
let stateDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-mcp-e2e-"));
  home = await mkdtemp(join(tmpdir(), "keel-mcp-e2e-home-"));
  stateDir = await mkdtemp(join(tmpdir(), "keel-mcp-e2e-state-"));
});

afterEach(async () => {
  for (const folder of [dir, home, stateDir]) await rm(folder, { recursive: true, force: true });
});

const serverEntry = { command: process.execPath, args: [TEST_SERVER] };

function toolResults(lines: ReturnType<typeof jsonLines>) {
  return lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .filter((b) => b.type === "tool_result");
}

describe("keel -p with MCP servers (validator on)", () => {
  it("calls a tool of a --mcp-config server and gives the model its result", async () => {
    const config = join(dir, "mcp.json");
    await writeFile(config, JSON.stringify({ mcpServers: { tester: serverEntry } }));
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        { content: [{ type: "tool_use", name: "mcp__tester__echo", input: { message: "ping" } }] },
        { content: "The server said: echo: ping" },
      ],
    });
    const run = await runKeel(
      [
        "-p",
        "ask the tester",
        "--mcp-config",
        config,
        "--strict-mcp-config",
        "--allowedTools",
        "mcp__tester__*",
        "--output-format",
        "stream-json",
        "--verbose",
      ],
      { cwd: dir, env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: stateDir } },
    );
    expect(server.violations).toEqual([]);
    expect(run.stderr).not.toMatch(/not supported/);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const init = only(lines, "system") as { mcp_servers: unknown[]; tools: string[] };
    expect(init.mcp_servers).toEqual([{ name: "tester", status: "connected" }]);
    expect(init.tools).toContain("mcp__tester__echo");
    const first = server.requests[0]!.body as {
      tools: Array<{ name: string; input_schema: unknown }>;
    };
    expect(first.tools.find((t) => t.name === "mcp__tester__echo")?.input_schema).toMatchObject({
      type: "object",
      properties: { message: { type: "string" } },
    });
    const results = toolResults(lines);
    expect(results).toHaveLength(1);
    expect(results[0]!.is_error ?? false).toBe(false);
    expect(JSON.stringify(results[0]!.content)).toContain("echo: ping");
    expect(only(lines, "result")).toMatchObject({
      is_error: false,
      result: "The server said: echo: ping",
    });
  });

  it("does not start an unapproved .mcp.json server and says how to approve it", async () => {
    await writeFile(
      join(dir, ".mcp.json"),
      JSON.stringify({ mcpServers: { project: serverEntry } }),
    );
    const server = await scriptedServer({ turns: [{ content: "hello" }] });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: stateDir },
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('MCP server "project"');
    expect(run.stderr).toContain("enabledMcpjsonServers");
    const init = only(jsonLines(run.stdout), "system") as {
      mcp_servers: unknown[];
      tools: string[];
    };
    expect(init.mcp_servers).toEqual([{ name: "project", status: "needs-approval" }]);
    expect(init.tools.some((t) => t.startsWith("mcp__"))).toBe(false);
  });
});
