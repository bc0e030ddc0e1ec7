import type { McpServerConfig } from "../../mcp/config-schema.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { UsageError } from "../usage-error.js";
import { configuredServers, type ListedServer, listedName } from "./configured-servers.js";
import { checkServers } from "./server-health.js";
import { type McpRoots, placePath, WRITABLE_SCOPES } from "./server-places.js";
import { serverTarget, statusText } from "./server-status.js";
import { SCOPE_LABELS } from "./server-text.js";

function configLines(config: McpServerConfig): string[] {
  const pairs = (record: Record<string, string>, join: string) =>
    Object.entries(record).map(([key, value]) => `    ${key}${join}${value}`);
  if (config.type === "stdio") {
    return [
      "  Type: stdio",
      `  Command: ${config.command}`,
      `  Args: ${config.args.join(" ")}`,
      "  Environment:",
      ...pairs(config.env, "="),
    ];
  }
  return [
    `  Type: ${config.type}`,
    `  URL: ${config.url}`,
    "  Headers:",
    ...pairs(config.headers, ": "),
  ];
}

function detailLines(server: ListedServer): string[] {
  if ("spec" in server) {
    return [
      `  Scope: ${SCOPE_LABELS[server.spec.scope]}`,
      `  File: ${server.spec.origin}`,
      ...configLines(server.spec.config),
    ];
  }
  const target = serverTarget(server);
  return [`  File: ${server.origin}`, ...(target ? [`  Target: ${target}`] : [])];
}

/** How to remove it, when it lives in a file keel writes (not ~/.claude.json or settings). */
function removeHint(server: ListedServer, roots: McpRoots): string[] {
  if (!("spec" in server)) return [];
  const scope = WRITABLE_SCOPES.find((s) => s === server.spec.scope);
  if (!scope || !server.spec.origin.startsWith(placePath(scope, roots))) return [];
  return ["", `To remove this server, run: keel mcp remove "${server.spec.name}" -s ${scope}`];
}

/** `keel mcp get <name>`: where a server is declared, how it runs, and whether it connects. */
export async function getServer(name: string, roots: McpRoots, io: CliIo): Promise<number> {
  const found = await configuredServers(roots, io.env);
  const server = found.servers.find((s) => listedName(s) === name);
  if (!server) throw new UsageError(`No MCP server found with name: "${name}"`);
  const specs = server.kind === "startable" ? [server.spec] : [];
  const health = (await checkServers(specs, { ...roots, env: found.env })).get(name);
  const status = statusText(server, health);
  const reason = health?.error && health.status !== "connected" ? ` (${health.error})` : "";
  const lines = [
    `${name}:`,
    `  Status: ${status}${reason}`,
    ...detailLines(server),
    ...removeHint(server, roots),
  ];
  await writeTo(io.stdout, `${lines.join("\n")}\n`);
  return 0;
}
