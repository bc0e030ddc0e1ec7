import { z } from "zod";
import type { ToolResultBlock } from "../protocol/content.js";
import type { Tool } from "../tools/tool.js";
import { MCP_MAX_RESULT_CHARS } from "./mcp-tool.js";
import { type ResultBlock, resourceBlock } from "./tool-result.js";

/** What the resource tools need from the servers. */
export interface McpResourceAccess {
  /** The connected servers that declare resources. */
  serversWithResources(): string[];
  /** resources/list of one server (every page). */
  listResources(server: string, signal: AbortSignal): Promise<unknown[]>;
  /** resources/read of one URI. */
  readResource(server: string, uri: string, signal: AbortSignal): Promise<unknown>;
}

const listInputSchema = z.object({
  server: z.string().optional().describe("Only this server's resources (default: every server)"),
});

const readInputSchema = z.object({
  server: z.string().describe("The MCP server that has the resource"),
  uri: z.string().describe("The resource's URI"),
});

const resourceSchema = z.looseObject({
  uri: z.string(),
  name: z.string().optional(),
  mimeType: z.string().optional(),
  description: z.string().optional(),
});

const readResultSchema = z.looseObject({
  contents: z.array(
    z.looseObject({
      uri: z.string(),
      mimeType: z.string().optional(),
      text: z.string().optional(),
      blob: z.string().optional(),
    }),
  ),
});

/** One listed resource, with the server it belongs to. */
export type ListedResource = z.infer<typeof resourceSchema> & { server: string };

function unknownServer(server: string, known: readonly string[]): Error {
  const list = known.length > 0 ? known.join(", ") : "none";
  return new Error(`MCP server "${server}" has no resources (servers with resources: ${list})`);
}

/** ListMcpResources: the resources of one server or of every server (Claude Code's tool). */
export function createListMcpResourcesTool(
  access: McpResourceAccess,
): Tool<z.infer<typeof listInputSchema>, ListedResource[]> {
  return {
    name: "ListMcpResources",
    description:
      "Lists the resources MCP servers offer (URI, name, type, description). Give `server` to list one server's resources.",
    inputSchema: listInputSchema,
    maxResultSizeChars: MCP_MAX_RESULT_CHARS,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context) {
      const known = access.serversWithResources();
      if (input.server !== undefined && !known.includes(input.server)) {
        throw unknownServer(input.server, known);
      }
      const servers = input.server === undefined ? known : [input.server];
      const lists = await Promise.all(
        servers.map(async (server) => {
          const raw = await access.listResources(server, context.signal);
          return z
            .array(resourceSchema)
            .parse(raw)
            .map((r) => ({ ...r, server }));
        }),
      );
      return { data: lists.flat() };
    },
    mapToolResult(output, toolUseId): ToolResultBlock {
      const content =
        output.length > 0
          ? JSON.stringify(output, null, 2)
          : "No resources found on the MCP servers.";
      return { type: "tool_result", tool_use_id: toolUseId, content };
    },
  };
}

/** ReadMcpResource: one resource's contents (text, or images the model can see). */
export function createReadMcpResourceTool(
  access: McpResourceAccess,
): Tool<z.infer<typeof readInputSchema>, ResultBlock[]> {
  return {
    name: "ReadMcpResource",
    description: "Reads a resource from an MCP server, by server name and URI.",
    inputSchema: readInputSchema,
    maxResultSizeChars: MCP_MAX_RESULT_CHARS,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context) {
      const known = access.serversWithResources();
      if (!known.includes(input.server)) throw unknownServer(input.server, known);
      const raw = await access.readResource(input.server, input.uri, context.signal);
      return { data: readResultSchema.parse(raw).contents.map(resourceBlock) };
    },
    mapToolResult(output, toolUseId): ToolResultBlock {
      const content = output.length > 0 ? output : "(the resource is empty)";
      return { type: "tool_result", tool_use_id: toolUseId, content };
    },
  };
}
