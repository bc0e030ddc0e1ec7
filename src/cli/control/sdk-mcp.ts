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

/**
 * The SDK's in-process MCP servers, connected over the control channel. `tools` and `status`
 * are changed in place as mcp_set_servers adds and removes servers, so holders see them now.
 */
export interface SdkMcpServers {
  tools: AnyTool[];
  status: SdkMcpStatus[];
  /** Routes an `mcp_message` the SDK sent on its own to its server; false: no such server. */
  deliver(serverName: string, message: unknown): boolean;
  /** Connects a server the host registered later; resolves with why it failed, if it did. */
  add(name: string): Promise<string | undefined>;
  /** Closes a server and takes its tools out. */
  remove(name: string): Promise<void>;
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

type Outcome = { name: string; connected: Awaited<ReturnType<typeof connectOne>> | undefined };

async function connectNamed(
  channel: ControlChannel,
  name: string,
  timeoutMs: number,
): Promise<Outcome & { error?: string }> {
  try {
    return { name, connected: await connectOne(channel, name, timeoutMs) };
  } catch (error) {
    return {
      name,
      connected: undefined,
      error: error instanceof Error ? error.message : String(error),
    };
  }
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
  const outcomes: Outcome[] = await Promise.all(
    names.map(async (name) => {
      const outcome = await connectNamed(channel, name, timeoutMs);
      if (outcome.error !== undefined) warn(`SDK MCP server "${name}" failed: ${outcome.error}`);
      return outcome;
    }),
  );
  const tools: AnyTool[] = [];
  const status: SdkMcpStatus[] = [];
  const refresh = () => {
    tools.splice(0, tools.length, ...outcomes.flatMap((o) => o.connected?.tools ?? []));
    status.splice(
      0,
      status.length,
      ...outcomes.map(
        (o): SdkMcpStatus => ({
          name: o.name,
          status: o.connected ? "connected" : "failed",
        }),
      ),
    );
  };
  refresh();
  const remove = async (name: string) => {
    const at = outcomes.findIndex((o) => o.name === name);
    if (at < 0) return;
    const [gone] = outcomes.splice(at, 1);
    refresh();
    await gone?.connected?.client.close().catch(() => {});
  };
  return {
    tools,
    status,
    deliver: (serverName, message) => {
      const found = outcomes.find((o) => o.name === serverName)?.connected;
      if (!found) return false;
      found.transport.deliver(message as Parameters<ControlTransport["deliver"]>[0]);
      return true;
    },
    add: async (name) => {
      await remove(name);
      const outcome = await connectNamed(channel, name, timeoutMs);
      outcomes.push(outcome);
      refresh();
      return outcome.error;
    },
    remove,
    close: async () => {
      await Promise.all(outcomes.map((o) => o.connected?.client.close().catch(() => {})));
    },
  };
}
