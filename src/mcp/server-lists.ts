import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Prompt, Tool } from "@modelcontextprotocol/sdk/types.js";

/** What a connected server offers: its tools, its prompts, and whether it has resources. */
export interface ServerOffer {
  tools: Tool[];
  prompts: Prompt[];
  hasResources: boolean;
}

/** Nothing offered (a server that is not connected, or that failed). */
export const EMPTY_OFFER: ServerOffer = { tools: [], prompts: [], hasResources: false };

/** Follows `nextCursor` until a list is complete. */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const result = await page(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  return items;
}

/** Lists a server's tools (every page). */
export function listAllTools(client: Client, timeout: number): Promise<Tool[]> {
  return allPages(async (cursor) => {
    const r = await client.listTools(cursor ? { cursor } : undefined, { timeout });
    return { items: r.tools, nextCursor: r.nextCursor };
  });
}

/** Lists a server's prompts (every page). */
export function listAllPrompts(client: Client, timeout: number): Promise<Prompt[]> {
  return allPages(async (cursor) => {
    const r = await client.listPrompts(cursor ? { cursor } : undefined, { timeout });
    return { items: r.prompts, nextCursor: r.nextCursor };
  });
}

/** Reads what a freshly connected server offers, asking only for what it declares. */
export async function readServerOffer(client: Client, timeout: number): Promise<ServerOffer> {
  const capabilities = client.getServerCapabilities() ?? {};
  const [tools, prompts] = await Promise.all([
    capabilities.tools ? listAllTools(client, timeout) : Promise.resolve([]),
    capabilities.prompts ? listAllPrompts(client, timeout) : Promise.resolve([]),
  ]);
  return { tools, prompts, hasResources: capabilities.resources !== undefined };
}
