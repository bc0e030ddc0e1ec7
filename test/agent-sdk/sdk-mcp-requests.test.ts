import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServerConfig, Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { isAlive } from "../tools/bash/helpers.js";
import { driveTurns } from "./sdk-between-turns.js";
import { loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";

const UI_SERVER = fileURLToPath(new URL("../fixtures/mcp/ui-server.mjs", import.meta.url));

const sandbox = useSdkSandbox();

/** A ui-server that writes its pid to `<home>/<name>.pid`. */
function uiServer(name: string): McpServerConfig {
  return {
    command: process.execPath,
    args: [UI_SERVER, join(sandbox().home, `${name}.pid`), name],
  };
}

async function pidOf(name: string): Promise<number> {
  return Number(await readFile(join(sandbox().home, `${name}.pid`), "utf8"));
}

/** The MCP tools the scripted server's request of that turn offered. */
function mcpToolsOf(body: unknown): string[] {
  const tools = (body as { tools?: Array<{ name: string }> }).tools ?? [];
  return tools.map((tool) => tool.name).filter((name) => name.startsWith("mcp__"));
}

/** The Query's own request sender (the SDK's class has it; its d.ts leaves it out). */
interface RawRequests {
  request(request: Record<string, unknown>): Promise<{ response: unknown }>;
}

async function statuses(q: Query): Promise<Record<string, string>> {
  const list = await q.mcpServerStatus();
  return Object.fromEntries(list.map((server) => [server.name, server.status]));
}

describe("the Agent SDK's MCP requests", { timeout: 60_000 }, () => {
  it("setMcpServers adds and removes servers, toggle switches one off and on, reconnect restarts one, readMcpResource reads a ui:// resource", async () => {
    const server = await scriptedServer({
      turns: [{ content: "One." }, { content: "Two." }, { content: "Three." }],
    });
    const seen: Record<string, unknown> = {};
    const pids: Record<string, number> = {};
    await driveTurns(
      sandbox(),
      server.url,
      ["one", "two", "three"],
      [
        async (q) => {
          pids.alpha = await pidOf("alpha");
          seen.set = await q.setMcpServers({ beta: uiServer("beta") });
          pids.beta = await pidOf("beta");
          await q.toggleMcpServer("alpha", false);
          seen.alphaOffAlive = isAlive(pids.alpha);
          seen.offStatus = await statuses(q);
          seen.card = await q.readMcpResource("beta", "ui://widget/card.html");
          seen.notUi = await q
            .readMcpResource("beta", "file:///notes.txt")
            .catch((error: Error) => error.message);
          seen.offAlphaRead = await q
            .readMcpResource("alpha", "ui://widget/card.html")
            .catch((error: Error) => error.message);
        },
        async (q) => {
          await q.reconnectMcpServer("beta");
          pids.betaAgain = await pidOf("beta");
          seen.betaBeforeAlive = isAlive(pids.beta ?? 0);
          seen.unset = await q.setMcpServers({});
          seen.betaRemovedAlive = isAlive(pids.betaAgain);
          await q.toggleMcpServer("alpha", true);
          pids.alphaAgain = await pidOf("alpha");
          seen.alphaOnAlive = isAlive(pids.alphaAgain);
          seen.onStatus = await statuses(q);
          seen.unknown = await q
            .reconnectMcpServer("nosuch")
            .catch((error: Error) => error.message);
        },
      ],
      { mcpServers: { alpha: uiServer("alpha") }, mcpServersDelivery: "initialize" },
    );
    expect(seen.set).toEqual({ added: ["beta"], removed: [], errors: {} });
    expect(seen.offStatus).toEqual({ alpha: "disabled", beta: "connected" });
    expect(seen.card).toEqual({
      contents: [
        {
          uri: "ui://widget/card.html",
          mimeType: "text/html;profile=mcp-app",
          text: "<div>beta card</div>",
          // The server's com.anthropic/ key is not passed on (the prefix is the CLI's own).
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    });
    expect(seen.notUi).toContain("only ui:// resources");
    expect(seen.offAlphaRead).toContain('MCP server "alpha" is disabled');
    expect(seen.unset).toEqual({ added: [], removed: ["beta"], errors: {} });
    expect(seen.onStatus).toEqual({ alpha: "connected" });
    expect(seen.unknown).toContain('MCP server "nosuch" not found');
    // Switched off, reconnected or removed: the server's process is gone when the answer comes.
    expect(seen.alphaOffAlive).toBe(false);
    expect(pids.betaAgain).not.toBe(pids.beta);
    expect(seen.betaBeforeAlive).toBe(false);
    expect(seen.betaRemovedAlive).toBe(false);
    expect(pids.alphaAgain).not.toBe(pids.alpha);
    expect(seen.alphaOnAlive).toBe(true);
    // Each turn's request offers the tools of the servers on at the time.
    const bodies = server.requests.filter((r) => r.answer === "turn").map((r) => r.body);
    expect(bodies.map(mcpToolsOf)).toEqual([
      ["mcp__alpha__ping"],
      ["mcp__beta__ping"],
      ["mcp__alpha__ping"],
    ]);
  });

  it("mcp_call runs an allowed server tool for the host, out of the conversation; a call the rules do not allow never runs", async () => {
    const server = await scriptedServer({ turns: [{ content: "One." }, { content: "Two." }] });
    const answers: unknown[] = [];
    await driveTurns(
      sandbox(),
      server.url,
      ["one", "two"],
      [
        async (q) => {
          // No Query method sends mcp_call: the SDK's own request() sends it as a host would.
          const call = (request: Record<string, unknown>) =>
            (q as unknown as RawRequests)
              .request({ subtype: "mcp_call", ...request })
              .then((answer) => answer.response)
              .catch((error: Error) => error.message);
          answers.push(await call({ tool: "mcp__alpha__ping", arguments: {} }));
          answers.push(await call({ tool: "mcp__beta__ping" }));
          answers.push(await call({ tool: "mcp__alpha__nosuch" }));
          answers.push(await call({ tool: "mcp__alpha__ping", timeout_ms: 5000 }));
        },
      ],
      {
        mcpServers: { alpha: uiServer("alpha"), beta: uiServer("beta") },
        mcpServersDelivery: "initialize",
        allowedTools: ["mcp__alpha__ping"],
      },
    );
    expect(answers[0]).toEqual({ content: [{ type: "text", text: "pong from alpha" }] });
    expect(answers[1]).toContain("mcp_call:");
    expect(answers[1]).not.toContain("pong");
    expect(answers[2]).toBe("mcp_call: MCP tool not found: mcp__alpha__nosuch");
    expect(answers[3]).toBe("mcp_call: keel does not run staged calls (timeout_ms)");
    // The host's call is not the model's: the next turn's request holds nothing of it.
    const last = server.requests.at(-1)?.body as { messages?: unknown };
    expect(JSON.stringify(last.messages)).toContain("two");
    expect(JSON.stringify(last.messages)).not.toContain("pong");
  });

  it("setMcpServers replaces the in-process SDK servers too: the new one's tool runs, the left-out one's tools leave", async () => {
    const { createSdkMcpServer, tool } = await loadAgentSdk();
    const inProcess = (name: string, reply: string) =>
      createSdkMcpServer({
        name,
        version: "1.0.0",
        tools: [
          tool(`${name}_hello`, "Says hello", {}, async () => ({
            content: [{ type: "text", text: reply }],
          })),
        ],
      });
    const server = await scriptedServer({
      turns: [
        { content: "One." },
        { content: [{ type: "tool_use", name: "mcp__later__later_hello", input: {} }] },
        { content: "Two." },
      ],
    });
    let set: unknown;
    await driveTurns(
      sandbox(),
      server.url,
      ["one", "two"],
      [
        async (q) => {
          set = await q.setMcpServers({ later: inProcess("later", "hello from later") });
        },
      ],
      {
        mcpServers: { first: inProcess("first", "hello from first") },
        allowedTools: ["mcp__later__later_hello"],
      },
    );
    expect(set).toEqual({ added: ["later"], removed: ["first"], errors: {} });
    const bodies = server.requests.filter((r) => r.answer === "turn").map((r) => r.body);
    expect(bodies.map(mcpToolsOf)).toEqual([
      ["mcp__first__first_hello"],
      ["mcp__later__later_hello"],
      ["mcp__later__later_hello"],
    ]);
    expect(JSON.stringify(bodies[2])).toContain("hello from later");
  });

  it("a project server nobody approved is started by no request", async () => {
    const box = sandbox();
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
          answers.push((await statuses(q)).proj);
          answers.push(
            await q.toggleMcpServer("proj", true).catch((error: Error) => error.message),
          );
          answers.push(await q.reconnectMcpServer("proj").catch((error: Error) => error.message));
          answers.push(
            await q
              .readMcpResource("proj", "ui://widget/card.html")
              .catch((error: Error) => error.message),
          );
        },
      ],
    );
    expect(answers[0]).toBe("needs-approval");
    for (const answer of answers.slice(1)) {
      expect(answer).toContain('MCP server "proj" has not been approved in this project');
    }
    expect(existsSync(join(box.home, "proj.pid"))).toBe(false);
  });
});
