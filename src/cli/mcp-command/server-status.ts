import type { McpServerStatus } from "../../mcp/manager.js";
import type { ListedServer } from "./configured-servers.js";
import { rawTargetText, targetText } from "./server-text.js";

/** A server's state in `keel mcp list` and `get`, as Claude Code words the connection. */
export function statusText(server: ListedServer, health: McpServerStatus | undefined): string {
  switch (server.kind) {
    case "startable":
      return health?.status === "connected" ? "✓ Connected" : "✗ Failed to connect";
    case "needs-approval":
      return "⚠ Not approved yet (the REPL asks at start-up; not started)";
    case "rejected":
      return "✗ Rejected in this project's MCP choices (not started)";
    case "untrusted":
      return "⚠ This folder is not trusted (start keel here to decide; not started)";
    case "invalid":
      return `✗ Invalid config: ${server.message}`;
  }
}

/** What a server runs or reaches, for its line. */
export function serverTarget(server: ListedServer): string | undefined {
  if ("spec" in server) return targetText(server.spec.config);
  return server.kind === "untrusted" ? rawTargetText(server.raw) : undefined;
}

/** One line of `keel mcp list`: `name: target - status`. */
export function listLine(server: ListedServer, health: McpServerStatus | undefined): string {
  const name = "spec" in server ? server.spec.name : server.name;
  const target = serverTarget(server);
  const status = statusText(server, health);
  return target === undefined ? `${name}: ${status}` : `${name}: ${target} - ${status}`;
}
