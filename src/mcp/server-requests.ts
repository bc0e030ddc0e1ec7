import type { ServerConnection } from "./server-connection.js";

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a request on a server; a failure (not an abort) is rethrown naming the server. */
async function onServer<T>(
  connection: ServerConnection,
  what: string,
  signal: AbortSignal | undefined,
  request: (client: ReturnType<ServerConnection["connectedClient"]>) => Promise<T>,
): Promise<T> {
  const client = connection.connectedClient();
  try {
    return await request(client);
  } catch (error) {
    // An abort is the caller's doing: keep it as is, so the loop sees an interruption.
    if (signal?.aborted) throw error;
    throw new Error(`MCP server "${connection.name}": ${what} failed: ${messageOf(error)}`);
  }
}

/** tools/call with the per-call timeout (reset by progress) and the call's abort signal. */
export function callServerTool(
  connection: ServerConnection,
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  timeout: number,
): Promise<unknown> {
  return onServer(connection, `tool "${tool}"`, signal, (client) =>
    client.callTool({ name: tool, arguments: args }, undefined, {
      signal,
      timeout,
      resetTimeoutOnProgress: true,
    }),
  );
}

/** resources/list, every page. */
export function listServerResources(
  connection: ServerConnection,
  signal: AbortSignal,
  timeout: number,
): Promise<unknown[]> {
  return onServer(connection, "resources/list", signal, async (client) => {
    const items: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor ? { cursor } : undefined, { signal, timeout });
      items.push(...page.resources);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return items;
  });
}

/** resources/read of one URI. */
export function readServerResource(
  connection: ServerConnection,
  uri: string,
  signal: AbortSignal,
  timeout: number,
): Promise<unknown> {
  return onServer(connection, `reading ${uri}`, signal, (client) =>
    client.readResource({ uri }, { signal, timeout }),
  );
}

/** prompts/get with arguments. */
export function getServerPrompt(
  connection: ServerConnection,
  prompt: string,
  args: Record<string, string>,
  timeout: number,
): Promise<unknown> {
  return onServer(connection, `prompt "${prompt}"`, undefined, (client) =>
    client.getPrompt({ name: prompt, arguments: args }, { timeout }),
  );
}
