import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { configuredServers } from "./configured-servers.js";
import { checkServers } from "./server-health.js";
import type { McpRoots } from "./server-places.js";
import { listLine } from "./server-status.js";

/**
 * `keel mcp list`: every configured server with its state. Servers a session here would
 * start are connected (all at once, bounded by a short timeout) and stopped again; project
 * servers nobody approved, refused ones and those of an untrusted folder are shown as such,
 * never started.
 */
export async function listServers(roots: McpRoots, io: CliIo): Promise<number> {
  const found = await configuredServers(roots, io.env);
  for (const notice of found.notices) await writeTo(io.stderr, `keel: ${notice}\n`);
  if (found.servers.length === 0) {
    await writeTo(io.stdout, "No MCP servers configured. Use `keel mcp add` to add a server.\n");
    return 0;
  }
  await writeTo(io.stdout, "Checking MCP server health...\n\n");
  const specs = found.servers.flatMap((s) => (s.kind === "startable" ? [s.spec] : []));
  const health = await checkServers(specs, { ...roots, env: found.env });
  const lines = found.servers.map((server) =>
    listLine(server, "spec" in server ? health.get(server.spec.name) : undefined),
  );
  await writeTo(io.stdout, `${lines.join("\n")}\n`);
  return 0;
}
