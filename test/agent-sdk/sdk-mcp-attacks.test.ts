import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServerConfig, Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { driveTurns } from "./sdk-between-turns.js";
import { useSdkSandbox } from "./sdk-harness.js";

/**
 * mcp_call tried as an attacker would: a tool a deny rule names, asked with
 * check_permissions: false in bypassPermissions mode, and a tool of a project server nobody
 * approved. Neither runs: no answer holds the tool's output and the project server's process
 * never starts.
 */

const UI_SERVER = fileURLToPath(new URL("../fixtures/mcp/ui-server.mjs", import.meta.url));

const sandbox = useSdkSandbox();

/** A ui-server that writes its pid to `<home>/<name>.pid` when it starts. */
function uiServer(name: string): McpServerConfig {
  return {
    command: process.execPath,
    args: [UI_SERVER, join(sandbox().home, `${name}.pid`), name],
  };
}

/** The Query's own request sender (the SDK's class has it; its d.ts leaves it out). */
interface RawRequests {
  request(request: Record<string, unknown>): Promise<{ response: unknown }>;
}

function mcpCall(q: Query, request: Record<string, unknown>): Promise<unknown> {
  return (q as unknown as RawRequests)
    .request({ subtype: "mcp_call", ...request })
    .then((answer) => answer.response)
    .catch((error: Error) => error.message);
}

describe("the Agent SDK's mcp_call, as an attacker", { timeout: 60_000 }, () => {
  it("runs neither a denied tool (bypassPermissions, check_permissions: false) nor an unapproved project server's, also after setMcpServers", async () => {
    const box = sandbox();
    await mkdir(join(box.cwd, ".claude"));
    await writeFile(
      join(box.cwd, ".claude", "settings.json"),
      JSON.stringify({ permissions: { deny: ["mcp__alpha__ping"] } }),
    );
    await writeFile(
      join(box.cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { proj: uiServer("proj") } }),
    );
    const server = await scriptedServer({ turns: [{ content: "One." }] });
    const answers: unknown[] = [];
    await driveTurns(
      sandbox(),
      server.url,
      ["one"],
      [
        async (q) => {
          answers.push(await mcpCall(q, { tool: "mcp__alpha__ping", check_permissions: false }));
          answers.push(await mcpCall(q, { tool: "mcp__proj__ping", check_permissions: false }));
          // Setting the host's own servers brings back none of the project's.
          answers.push(await q.setMcpServers({ other: uiServer("other") }));
          answers.push(await q.toggleMcpServer("proj", true).catch((e: Error) => e.message));
          answers.push(await mcpCall(q, { tool: "mcp__proj__ping" }));
        },
      ],
      {
        mcpServers: { alpha: uiServer("alpha") },
        mcpServersDelivery: "initialize",
        settingSources: ["project"],
        permissionMode: "bypassPermissions",
        allowDangerouslySkipPermissions: true,
      },
    );
    // A refusal says the tool did not run, as the SDK's mcp_call documents (a host may retry).
    expect(answers[0]).toMatch(/^mcp_call: The tool did not run: /);
    expect(answers[1]).toBe("mcp_call: MCP tool not found: mcp__proj__ping");
    expect(answers[2]).toEqual({ added: ["other"], removed: [], errors: {} });
    expect(answers[3]).toContain('MCP server "proj" has not been approved in this project');
    expect(answers[4]).toBe("mcp_call: MCP tool not found: mcp__proj__ping");
    expect(JSON.stringify(answers)).not.toContain("pong");
    expect(existsSync(join(box.home, "other.pid"))).toBe(true);
    expect(existsSync(join(box.home, "alpha.pid"))).toBe(true);
    expect(existsSync(join(box.home, "proj.pid"))).toBe(false);
  });
});
