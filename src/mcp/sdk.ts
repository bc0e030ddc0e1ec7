import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** The parts of the MCP SDK keel uses, loaded only when some server is configured. */
export interface McpSdk {
  Client: typeof Client;
  StdioClientTransport: typeof StdioClientTransport;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  SSEClientTransport: typeof SSEClientTransport;
  /** `elicitation/create`, answered when the session can ask someone (elicitation.ts). */
  ElicitRequestSchema: typeof ElicitRequestSchema;
}

/** Loads the MCP SDK (injected so tests can see that nothing is loaded without servers). */
export type LoadMcpSdk = () => Promise<McpSdk>;

/** Imports the SDK lazily: `keel -p` with no servers never parses it (contracts.md §11). */
export const loadMcpSdk: LoadMcpSdk = async () => {
  const [client, stdio, http, sse, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    SSEClientTransport: sse.SSEClientTransport,
    ElicitRequestSchema: types.ElicitRequestSchema,
  };
};
