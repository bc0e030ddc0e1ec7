import { createMcpManager, type McpServerStatus } from "../../mcp/manager.js";
import type { McpServerSpec } from "../../mcp/resolve-servers.js";

/** How long `keel mcp list` and `get` wait for a server unless MCP_TIMEOUT says otherwise. */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;

/** What checking servers needs. */
export interface HealthCheckInputs {
  stateDir: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

function timeoutOf(env: Readonly<Record<string, string | undefined>>): number {
  const given = Number(env.MCP_TIMEOUT);
  return Number.isFinite(given) && given > 0 ? given : HEALTH_CHECK_TIMEOUT_MS;
}

/**
 * Connects to every server at once, waits until each has connected or failed (bounded by the
 * timeout), then stops them all: a server's status by name.
 */
export async function checkServers(
  specs: readonly McpServerSpec[],
  inputs: HealthCheckInputs,
): Promise<Map<string, McpServerStatus>> {
  if (specs.length === 0) return new Map();
  const manager = createMcpManager({
    servers: specs,
    stateDir: inputs.stateDir,
    cwd: inputs.cwd,
    env: inputs.env,
    timeoutMs: timeoutOf(inputs.env),
    // One attempt: a health check reports what it found, it does not retry.
    reconnect: { baseMs: 0, maxAttempts: 0 },
  });
  try {
    await manager.whenSettled();
    return new Map(manager.status().map((status) => [status.name, status]));
  } finally {
    await manager.close();
  }
}
