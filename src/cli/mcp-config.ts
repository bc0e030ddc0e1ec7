import { readFile } from "node:fs/promises";
import { z } from "zod";

const McpConfigFile = z.object({ mcpServers: z.record(z.string(), z.unknown()).default({}) });

/** Reads one `--mcp-config` value: a JSON file path or a JSON string. */
async function readMcpConfig(value: string): Promise<{ servers: string[]; source: string }> {
  const trimmed = value.trim();
  const inline = trimmed.startsWith("{");
  const source = inline ? "--mcp-config (inline JSON)" : value;
  let text = trimmed;
  if (!inline) {
    try {
      text = await readFile(value, "utf8");
    } catch (error) {
      throw new Error(`--mcp-config: cannot read ${value}: ${(error as Error).message}`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = McpConfigFile.safeParse(json);
  if (!parsed.success) throw new Error(`${source}: ${z.prettifyError(parsed.error)}`);
  return { servers: Object.keys(parsed.data.mcpServers), source };
}

/**
 * Checks the `--mcp-config` values. keel has no MCP client yet, so a configuration that
 * names servers is refused rather than silently ignored.
 */
export async function refuseMcpServers(values: readonly string[]): Promise<void> {
  for (const value of values) {
    const { servers, source } = await readMcpConfig(value);
    if (servers.length > 0) {
      throw new Error(
        `${source} names MCP servers (${servers.join(", ")}), but MCP servers are not supported yet by this version of keel`,
      );
    }
  }
}
