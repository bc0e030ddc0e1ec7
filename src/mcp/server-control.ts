import { isDeepStrictEqual } from "node:util";
import type { McpServerSpec } from "./resolve-servers.js";
import type { ServerConnection } from "./server-connection.js";
import type { ServerPool } from "./server-pool.js";
import { readServerResource } from "./server-requests.js";

/** What a mcp_set_servers did (the SDK's McpSetServersResult). */
export interface McpSetServersOutcome {
  added: string[];
  removed: string[];
  /** Servers of the new set that failed to connect, with why. */
  errors: Record<string, string>;
}

/**
 * An SDK host's hold on the session's servers (mcp_set_servers, mcp_reconnect, mcp_toggle,
 * mcp_read_resource). Each throws a message naming the server when it cannot act.
 */
export interface McpServerControl {
  /**
   * Replaces the servers earlier calls set with `specs`: a new or changed one connects (one
   * configured elsewhere of the same name is replaced), one a call set before and this one
   * leaves out is closed. Servers no call named stay as they are.
   */
  setServers(specs: readonly McpServerSpec[]): Promise<McpSetServersOutcome>;
  /** Closes a server and connects it again; throws when it does not connect. */
  reconnect(name: string): Promise<void>;
  /** Switches a server off (closed, its tools leave the list) or on again (connected). */
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** resources/read of a `ui://` resource from a connected server. */
  readResource(name: string, uri: string, signal: AbortSignal): Promise<unknown>;
}

/** What the control needs besides the pool. */
export interface ServerControlOptions {
  toolTimeoutMs: number;
  /** True for a project server nobody approved: no request of the host starts it. */
  needsApproval: (name: string) => boolean;
}

function failureOf(connection: ServerConnection): string | undefined {
  if (connection.status() === "connected") return undefined;
  return connection.error() ?? `is ${connection.status()}`;
}

/** The server of that name with its connection; throws the refusal a host is told. */
function serverFor(pool: ServerPool, options: ServerControlOptions, name: string) {
  const entry = pool.find(name);
  if (entry) return entry;
  if (options.needsApproval(name)) {
    throw new Error(`MCP server "${name}" has not been approved in this project`);
  }
  throw new Error(`MCP server "${name}" not found`);
}

/** The control over a pool's servers (see McpServerControl). */
export function createServerControl(
  pool: ServerPool,
  options: ServerControlOptions,
): McpServerControl {
  /** The specs the last mcp_set_servers gave, by name. */
  let hostSet = new Map<string, McpServerSpec>();
  const connect = async (spec: McpServerSpec) => {
    const failure = failureOf(await pool.put(spec));
    if (failure !== undefined) throw new Error(`MCP server "${spec.name}" ${failure}`);
  };
  return {
    async setServers(specs) {
      const outcome: McpSetServersOutcome = { added: [], removed: [], errors: {} };
      const next = new Map(specs.map((spec) => [spec.name, spec]));
      for (const name of hostSet.keys()) {
        if (next.has(name)) continue;
        await pool.remove(name);
        outcome.removed.push(name);
      }
      const changed = specs.filter((spec) => {
        const before = hostSet.get(spec.name);
        return !before || !isDeepStrictEqual(before.config, spec.config) || !pool.find(spec.name);
      });
      hostSet = next;
      await Promise.all(
        changed.map(async (spec) => {
          outcome.added.push(spec.name);
          const failure = failureOf(await pool.put(spec));
          if (failure !== undefined) outcome.errors[spec.name] = failure;
        }),
      );
      return outcome;
    },
    async reconnect(name) {
      const entry = serverFor(pool, options, name);
      if (!entry.connection) throw new Error(`MCP server "${name}" is disabled`);
      await connect(entry.spec);
    },
    async setEnabled(name, enabled) {
      const entry = serverFor(pool, options, name);
      if (!enabled) await pool.switchOff(name);
      else if (!entry.connection) await connect(entry.spec);
    },
    async readResource(name, uri, signal) {
      if (!uri.startsWith("ui://")) {
        throw new Error(`only ui:// resources can be read this way (got ${uri})`);
      }
      const entry = serverFor(pool, options, name);
      if (!entry.connection) throw new Error(`MCP server "${name}" is disabled`);
      return readServerResource(entry.connection, uri, signal, options.toolTimeoutMs);
    },
  };
}
