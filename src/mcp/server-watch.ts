import type {
  McpNoticeListener,
  McpServerWatch,
  McpWatchRequest,
} from "../tools/builtin/monitor/mcp-source.js";
import type { ServerConnection } from "./server-connection.js";

export type {
  McpNotificationAccess,
  McpServerWatch,
  McpWatchRequest,
} from "../tools/builtin/monitor/mcp-source.js";

function connectionNamed(connections: readonly ServerConnection[], name: string): ServerConnection {
  const found = connections.find((c) => c.name === name);
  if (found) return found;
  const known = connections.map((c) => c.name);
  const list = known.length > 0 ? known.join(", ") : "none";
  throw new Error(`No MCP server named "${name}" (the session's servers: ${list})`);
}

/** How many watches hold each URI, per client: the last to close unsubscribes, not the first. */
const holders = new WeakMap<object, Map<string, number>>();

function holdCount(client: object): Map<string, number> {
  let counts = holders.get(client);
  if (!counts) {
    counts = new Map();
    holders.set(client, counts);
  }
  return counts;
}

/** Opens a watch on one of `connections` (see McpNotificationAccess.watch). */
export async function openServerWatch(
  connections: readonly ServerConnection[],
  request: McpWatchRequest,
  listener: McpNoticeListener,
  timeoutMs: number,
): Promise<McpServerWatch> {
  const connection = connectionNamed(connections, request.server);
  const client = connection.connectedClient();
  if (request.resources.length > 0 && !client.getServerCapabilities()?.resources?.subscribe) {
    throw new Error(`MCP server "${request.server}" does not offer resource subscriptions`);
  }
  const counts = holdCount(client);
  const held: string[] = [];
  const release = async () => {
    const last = held.splice(0).filter((uri) => {
      const left = (counts.get(uri) ?? 1) - 1;
      if (left > 0) counts.set(uri, left);
      else counts.delete(uri);
      return left <= 0;
    });
    // Only on the connection they were made on: a reconnected server has none of them.
    if (connection.status() !== "connected" || connection.connectedClient() !== client) return;
    await Promise.all(
      last.map((uri) => client.unsubscribeResource({ uri }, { timeout: timeoutMs })),
    ).catch(() => undefined);
  };
  const unlisten = connection.listen(listener);
  try {
    for (const uri of new Set(request.resources)) {
      if (!counts.has(uri)) await client.subscribeResource({ uri }, { timeout: timeoutMs });
      counts.set(uri, (counts.get(uri) ?? 0) + 1);
      held.push(uri);
    }
  } catch (error) {
    unlisten();
    await release();
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`MCP server "${request.server}": resources/subscribe failed: ${why}`);
  }
  return {
    close: async () => {
      unlisten();
      await release();
    },
  };
}
