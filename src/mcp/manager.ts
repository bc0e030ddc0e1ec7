import { join } from "node:path";
import { needsToolSearch, TOOL_SEARCH_TOOL_NAME } from "../tools/deferred-tools.js";
import type { AnyTool } from "../tools/tool.js";
import { needsApprovalNotice } from "./approvals.js";
import { DEFAULT_DEFERRAL, type DeferralPolicy } from "./deferral.js";
import type { Elicit } from "./elicitation.js";
import { type McpPromptCommand, promptCommands } from "./prompt-commands.js";
import type { McpConfigError, McpServerSpec } from "./resolve-servers.js";
import type { McpScope } from "./scopes.js";
import { type LoadMcpSdk, loadMcpSdk } from "./sdk.js";
import { type McpServerState, ServerConnection } from "./server-connection.js";
import { createServerControl, type McpServerControl } from "./server-control.js";
import { ServerPool } from "./server-pool.js";
import { callServerTool, getServerPrompt } from "./server-requests.js";
import { type McpNotificationAccess, openServerWatch } from "./server-watch.js";
import { DEFAULT_MCP_TIMEOUT_MS, DEFAULT_MCP_TOOL_TIMEOUT_MS } from "./timeouts.js";
import { mapCallToolResult } from "./tool-result.js";
import { buildMcpTools } from "./tool-set.js";

/** One server's line in system/init `mcp_servers` and in `/mcp`. */
export interface McpServerStatus {
  name: string;
  /** `disabled`: switched off while the session runs (an SDK host's mcp_toggle). */
  status: McpServerState | "disabled";
  scope: McpScope;
  /** Why it failed (or is reconnecting), when it did. */
  error?: string;
}

/** What the manager starts and how. */
export interface McpManagerOptions {
  /** The servers to start (see resolveMcpSetup). */
  servers: readonly McpServerSpec[];
  /** Project servers nobody approved: listed as needs-approval, never started. */
  needsApproval?: readonly McpServerSpec[];
  /** Entries that could not be used: listed as failed. */
  invalid?: readonly McpConfigError[];
  /** keel's state folder: stdio servers' stderr goes to `<stateDir>/logs/mcp-<server>.log`. */
  stateDir: string;
  /** The folder stdio servers start in. */
  cwd: string;
  /** The environment stdio servers inherit. */
  env: Readonly<Record<string, string | undefined>>;
  /** Connect timeout (MCP_TIMEOUT); 30 s by default. */
  timeoutMs?: number;
  /** Per-call timeout (MCP_TOOL_TIMEOUT); 10 minutes by default. */
  toolTimeoutMs?: number;
  /** When MCP tools are deferred; 10% of a 200k window by default. */
  deferral?: DeferralPolicy;
  /** Problems and state changes worth telling the user (one line each). */
  onNotice?: (text: string) => void;
  loadSdk?: LoadMcpSdk;
  sleep?: (ms: number) => Promise<void>;
  /** Backoff of reconnection: base 1 s, at most 5 attempts by default. */
  reconnect?: { baseMs: number; maxAttempts: number };
  /** Answers servers' requests for input (elicitation); absent: keel offers no elicitation. */
  elicit?: Elicit;
}

/** The session's MCP servers: their tools, status and prompts, and their end. */
export interface McpManager {
  /** The MCP tools of the servers connected now (plus the resource tools when useful). */
  tools(): AnyTool[];
  /** Every configured server and where it stands. */
  status(): McpServerStatus[];
  /**
   * A `ToolUseOptions.refreshTools` for a session: its own tools (read at each call when given
   * as a function), then the MCP tools now, then `toolSearch` when some MCP tool is deferred
   * and the list has no ToolSearch yet.
   */
  refreshTools(
    base: readonly AnyTool[] | (() => readonly AnyTool[]),
    toolSearch?: AnyTool,
  ): () => readonly AnyTool[];
  /** The servers' prompts as slash commands `/mcp__<server>__<prompt>`. */
  promptCommands(): McpPromptCommand[];
  /**
   * Calls one tool of a server by their own names (mcp_tool hooks): its text blocks joined,
   * and whether it answered with an error. Throws when the server is unknown or not connected.
   */
  callTool(
    call: { server: string; tool: string; args: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<{ text: string; isError: boolean }>;
  /** Monitors' way to a server's resource updates and log messages. */
  notifications: McpNotificationAccess;
  /** An SDK host's hold on the servers while the session runs. */
  control: McpServerControl;
  /** Resolves when every server has connected or failed (each bounded by the connect timeout). */
  whenSettled(): Promise<void>;
  /** Stops every server: kills stdio children, closes HTTP sessions. */
  close(): Promise<void>;
}

const defaultSleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

function connector(
  options: McpManagerOptions,
  onChange: () => void,
): (spec: McpServerSpec) => ServerConnection {
  const onNotice = options.onNotice ?? (() => {});
  return (spec) =>
    new ServerConnection({
      spec,
      loadSdk: options.loadSdk ?? loadMcpSdk,
      timeoutMs: options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS,
      toolTimeoutMs: options.toolTimeoutMs ?? DEFAULT_MCP_TOOL_TIMEOUT_MS,
      logDir: join(options.stateDir, "logs"),
      env: options.env,
      cwd: options.cwd,
      sleep: options.sleep ?? defaultSleep,
      reconnect: options.reconnect ?? { baseMs: 1_000, maxAttempts: 5 },
      onChange,
      onNotice,
      ...(options.elicit ? { elicit: options.elicit } : {}),
    });
}

function statusLines(options: McpManagerOptions, pool: ServerPool) {
  const lines: McpServerStatus[] = pool.list().map(({ spec, connection: c }) => {
    if (!c) return { name: spec.name, status: "disabled", scope: spec.scope };
    const error = c.error();
    return { name: c.name, status: c.status(), scope: spec.scope, ...(error ? { error } : {}) };
  });
  for (const spec of options.needsApproval ?? []) {
    // A host may have set a server of that name itself (mcp_set_servers): its line stands.
    if (pool.find(spec.name)) continue;
    lines.push({ name: spec.name, status: "needs-approval", scope: spec.scope });
  }
  return lines;
}

/**
 * Starts every server in parallel in the background and keeps the tool list current. With no
 * servers nothing is spawned and the SDK is never imported.
 */
export function createMcpManager(options: McpManagerOptions): McpManager {
  const notice = options.onNotice ?? (() => {});
  for (const error of options.invalid ?? []) notice(error.message);
  for (const spec of options.needsApproval ?? []) notice(needsApprovalNotice(spec));
  let version = 0;
  let cached: { version: number; tools: AnyTool[] } | undefined;
  const changed = () => {
    version += 1;
  };
  const pool = new ServerPool(options.servers, connector(options, changed), changed);
  const settled = pool.startAll();
  const toolTimeoutMs = options.toolTimeoutMs ?? DEFAULT_MCP_TOOL_TIMEOUT_MS;
  const tools = () => {
    if (cached?.version !== version) {
      const deferral = options.deferral ?? DEFAULT_DEFERRAL;
      const connections = pool.connections();
      cached = { version, tools: buildMcpTools({ connections, toolTimeoutMs, deferral }) };
    }
    return cached.tools;
  };
  return {
    tools,
    status: () => statusLines(options, pool),
    refreshTools: (base, toolSearch) => () => {
      const mcp = tools();
      const all = [...(typeof base === "function" ? base() : base), ...mcp];
      const missingSearch = !all.some((t) => t.name === TOOL_SEARCH_TOOL_NAME);
      return toolSearch && missingSearch && needsToolSearch(mcp) ? [...all, toolSearch] : all;
    },
    promptCommands: () =>
      pool
        .connections()
        .flatMap((c) =>
          promptCommands(c.name, c.current().prompts, (prompt, args) =>
            getServerPrompt(c, prompt, args, toolTimeoutMs),
          ),
        ),
    callTool: async ({ server, tool, args }, signal) => {
      const connection = pool.connections().find((c) => c.name === server);
      if (!connection) throw new Error(`MCP server "${server}" is not configured`);
      const raw = await callServerTool(connection, tool, args, signal, toolTimeoutMs);
      const output = mapCallToolResult(raw);
      const text = output.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
      return { text, isError: output.isError };
    },
    notifications: {
      watch: (request, listener) =>
        openServerWatch(pool.connections(), request, listener, toolTimeoutMs),
    },
    control: createServerControl(pool, {
      toolTimeoutMs,
      needsApproval: (name) => (options.needsApproval ?? []).some((s) => s.name === name),
    }),
    whenSettled: () => settled,
    close: () => pool.closeAll(),
  };
}
