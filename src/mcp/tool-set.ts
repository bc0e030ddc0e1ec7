import type { AnyTool } from "../tools/tool.js";
import { type DeferralPolicy, shouldDeferMcpTools } from "./deferral.js";
import { createMcpTool } from "./mcp-tool.js";
import { mcpToolName } from "./names.js";
import {
  createListMcpResourcesTool,
  createReadMcpResourceTool,
  type McpResourceAccess,
} from "./resource-tools.js";
import type { ServerConnection } from "./server-connection.js";
import { callServerTool, listServerResources, readServerResource } from "./server-requests.js";

/** What the MCP tool list is built from. */
export interface McpToolSetInput {
  connections: readonly ServerConnection[];
  toolTimeoutMs: number;
  deferral: DeferralPolicy;
}

/** The resource tools' view of the servers: only connected ones that declare resources. */
function resourceAccess(input: McpToolSetInput): McpResourceAccess {
  const byName = (name: string) => input.connections.find((c) => c.name === name);
  const withResources = () =>
    input.connections.filter((c) => c.status() === "connected" && c.current().hasResources);
  return {
    serversWithResources: () => withResources().map((c) => c.name),
    listResources: (server, signal) =>
      listServerResources(byName(server)!, signal, input.toolTimeoutMs),
    readResource: (server, uri, signal) =>
      readServerResource(byName(server)!, uri, signal, input.toolTimeoutMs),
  };
}

/**
 * The MCP tools now: every server's tools (a reconnecting server keeps its tools, whose calls
 * fail clearly until it is back), all deferred when together they are too large, then
 * ListMcpResources and ReadMcpResource when some connected server has resources.
 */
export function buildMcpTools(input: McpToolSetInput): AnyTool[] {
  const entries = input.connections.flatMap((connection) =>
    connection.current().tools.map((definition) => ({
      connection,
      definition,
      name: mcpToolName(connection.name, definition.name),
    })),
  );
  const shouldDefer = shouldDeferMcpTools(entries, input.deferral);
  const tools: AnyTool[] = entries.map(({ connection, definition }) =>
    createMcpTool({
      server: connection.name,
      definition,
      shouldDefer,
      call: (tool, args, signal) =>
        callServerTool(connection, tool, args, signal, input.toolTimeoutMs),
    }),
  );
  const access = resourceAccess(input);
  if (access.serversWithResources().length > 0) {
    tools.push(createListMcpResourcesTool(access), createReadMcpResourceTool(access));
  }
  return tools;
}
