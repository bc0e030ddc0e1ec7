import { createMcpTool } from "../../mcp/mcp-tool.js";
import { listAllTools } from "../../mcp/server-lists.js";
import type { AnyTool } from "../../tools/tool.js";
import { VERSION } from "../../version.js";
import type { ControlChannel } from "./channel.js";
import { ControlTransport } from "./control-transport.js";

/** One in-process SDK MCP server as system/init lists it. */
export interface SdkMcpStatus {
  name: string;
  status: "connected" | "failed";
}

/** The SDK's in-process MCP servers, connected over the control channel. */
export interface SdkMcpServers {
  tools: AnyTool[];
  status: SdkMcpStatus[];
  /** Routes an `mcp_message` the SDK sent on its own to its server; false: no such server. */
  deliver(serverName: string, message: unknown): boolean;
  close(): Promise<void>;
}

/** Per-call timeout of SDK MCP tools (the MCP default of 10 minutes). */
const CALL_TIMEOUT_MS = 600_000;

async function connectOne(channel: ControlChannel, name: string, timeoutMs: number) {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const transport = new ControlTransport(channel, name);
  const client = new Client({ name: "keel", version: VERSION });
  await client.connect(transport, { timeout: timeoutMs });
  const definitions = await listAllTools(client, timeoutMs);
  const tools = definitions.map((definition) =>
    createMcpTool({
      server: name,
      definition,
      shouldDefer: false,
      call: (tool, args, signal) =>
        client.callTool({ name: tool, arguments: args }, undefined, {
          signal,
          timeout: CALL_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
        }),
    }),
  );
  return { transport, client, tools };
}

/**
 * Connects every server the SDK named at initialize (the MCP handshake and tools/list run
 * over mcp_message), so their tools are `mcp__<server>__<tool>` like any other. A server that
 * fails is listed as failed and named on stderr; the others are unaffected.
 */
export async function connectSdkMcpServers(
  channel: ControlChannel,
  names: readonly string[],
  warn: (text: string) => void,
  timeoutMs = 30_000,
): Promise<SdkMcpServers> {
  const outcomes = await Promise.all(
    names.map(async (name) => {
      try {
        return { name, connected: await connectOne(channel, name, timeoutMs) };
      } catch (error) {
        warn(
          `SDK MCP server "${name}" failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return { name, connected: undefined };
      }
    }),
  );
  return {
    tools: outcomes.flatMap((o) => o.connected?.tools ?? []),
    status: outcomes.map((o) => ({ name: o.name, status: o.connected ? "connected" : "failed" })),
    deliver: (serverName, message) => {
      const found = outcomes.find((o) => o.name === serverName)?.connected;
      if (!found) return false;
      found.transport.deliver(message as Parameters<ControlTransport["deliver"]>[0]);
      return true;
    },
    close: async () => {
      await Promise.all(outcomes.map((o) => o.connected?.client.close().catch(() => {})));
    },
  };
}
