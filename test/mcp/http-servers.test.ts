// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are MCP config variables, not templates
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveMcpServers } from "../../src/mcp/index.js";
import { callTool, resultText, startManager } from "./mcp-test-kit.js";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An MCP server whose `whoami` tool answers with the Authorization header it was sent. */
function mcpServer(seen: string[]): McpServer {
  const server = new McpServer({ name: "keel-http-test", version: "1.0.0" });
  server.registerTool(
    "whoami",
    { description: "Says who called", inputSchema: { prefix: z.string() } },
    async ({ prefix }) => ({
      content: [{ type: "text", text: `${prefix} ${seen.at(-1) ?? "?"}` }],
    }),
  );
  return server;
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Streamable HTTP on /mcp, one session. */
async function streamableServer(seen: string[]): Promise<string> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer(seen).connect(transport);
  return listen((req, res) => {
    seen.push(req.headers.authorization ?? "none");
    void transport.handleRequest(req, res);
  });
}

/** Legacy SSE: the stream on GET /sse, messages on POST /messages. */
async function sseServer(seen: string[]): Promise<string> {
  const transports = new Map<string, SSEServerTransport>();
  return listen((req, res) => {
    seen.push(req.headers.authorization ?? "none");
    if (req.method === "GET" && req.url === "/sse") {
      const transport = new SSEServerTransport("/messages", res);
      transports.set(transport.sessionId, transport);
      void mcpServer(seen).connect(transport);
      return;
    }
    const id = new URL(req.url ?? "/", "http://x").searchParams.get("sessionId") ?? "";
    const transport = transports.get(id);
    if (!transport) res.writeHead(404).end();
    else void transport.handlePostMessage(req, res);
  });
}

describe("MCP servers over HTTP", () => {
  it("connects over streamable HTTP with expanded headers and calls a tool", async () => {
    const seen: string[] = [];
    const url = await streamableServer(seen);
    const resolved = resolveMcpServers(
      [
        {
          scope: "dynamic",
          origin: "test",
          servers: {
            remote: {
              type: "http",
              url: "${MCP_URL}/mcp",
              headers: { Authorization: "Bearer ${MCP_TOKEN:-fallback}" },
            },
          },
        },
      ],
      { MCP_URL: url, MCP_TOKEN: "s3cret" },
    );
    expect(resolved.errors).toEqual([]);
    const manager = await startManager({ servers: resolved.servers });
    await manager.whenSettled();
    expect(manager.status()[0]).toMatchObject({ name: "remote", status: "connected" });
    const result = await callTool(manager.tools(), "mcp__remote__whoami", { prefix: "caller:" });
    expect(resultText(result)).toBe("caller: Bearer s3cret");
    await manager.close();
    expect(seen.every((header) => header === "Bearer s3cret")).toBe(true);
  });

  it('connects over legacy SSE (type "sse") and calls a tool', async () => {
    const seen: string[] = [];
    const url = await sseServer(seen);
    const manager = await startManager({
      servers: [
        {
          name: "legacy",
          scope: "user",
          origin: "test",
          config: { type: "sse", url: `${url}/sse`, headers: { Authorization: "Bearer old" } },
        },
      ],
    });
    await manager.whenSettled();
    expect(manager.status()[0]).toMatchObject({ name: "legacy", status: "connected" });
    const result = await callTool(manager.tools(), "mcp__legacy__whoami", { prefix: "via sse:" });
    expect(resultText(result)).toBe("via sse: Bearer old");
  });

  it("fails only the HTTP server that is not there", async () => {
    const manager = await startManager({
      servers: [
        {
          name: "absent",
          scope: "user",
          origin: "test",
          config: { type: "http", url: "http://127.0.0.1:9/mcp", headers: {} },
        },
      ],
    });
    await manager.whenSettled();
    expect(manager.status()[0]).toMatchObject({ name: "absent", status: "failed" });
    expect(manager.tools()).toEqual([]);
  });
});
