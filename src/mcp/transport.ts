import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpServerConfig } from "./config-schema.js";
import { normalizeNameForMcp } from "./names.js";
import type { McpSdk } from "./sdk.js";

/** What opening a transport needs besides the server's own configuration. */
export interface TransportContext {
  sdk: McpSdk;
  /** The server's name, for its stderr log file. */
  name: string;
  /** Where each stdio server's stderr goes: `<logDir>/mcp-<server>.log`. */
  logDir: string;
  /** The environment stdio servers inherit (their own `env` entries win). */
  env: Readonly<Record<string, string | undefined>>;
  /** The folder stdio servers start in. */
  cwd: string;
}

/** The log file of a stdio server's stderr. */
export function mcpLogPath(logDir: string, name: string): string {
  return join(logDir, `mcp-${normalizeNameForMcp(name)}.log`);
}

function definedEntries(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

/** A stdio transport whose child's stderr is appended to the server's log file. */
async function stdioTransport(
  config: Extract<McpServerConfig, { type: "stdio" }>,
  context: TransportContext,
): Promise<Transport> {
  await mkdir(context.logDir, { recursive: true });
  const transport = new context.sdk.StdioClientTransport({
    command: config.command,
    args: config.args,
    env: { ...definedEntries(context.env), ...config.env },
    cwd: context.cwd,
    stderr: "pipe",
  });
  const log = createWriteStream(mcpLogPath(context.logDir, context.name), { flags: "a" });
  // A log that cannot be written must not take the server down with it.
  log.on("error", () => {});
  transport.stderr?.pipe(log);
  return transport;
}

/** Opens the transport a server's configuration names (stdio, streamable HTTP or legacy SSE). */
export async function openTransport(
  config: McpServerConfig,
  context: TransportContext,
): Promise<Transport> {
  switch (config.type) {
    case "stdio":
      return stdioTransport(config, context);
    case "http":
      return new context.sdk.StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers },
      });
    case "sse":
      return new context.sdk.SSEClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers },
      });
  }
}
