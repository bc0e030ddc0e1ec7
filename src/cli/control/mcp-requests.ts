import { resolveMcpServers } from "../../mcp/resolve-servers.js";
import type { McpSetServersOutcome } from "../../mcp/server-control.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";
import { mcpCallRequest } from "./mcp-call-request.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An SDK-hosted server's entry (`type: "sdk"`): the host runs it, over mcp_message. */
function isSdkEntry(entry: unknown): boolean {
  return isRecord(entry) && entry.type === "sdk";
}

/**
 * The SDK's in-process servers named replace the ones keel has (those of initialize too, as
 * the SDK's own side has already let go of a left-out one): a new one connects over
 * mcp_message, a left-out one is closed and its tools leave.
 */
async function setSdkServers(
  targets: HostTargets,
  names: readonly string[],
  outcome: McpSetServersOutcome,
): Promise<void> {
  const current = targets.sdkMcp.status.map((server) => server.name);
  for (const name of current.filter((name) => !names.includes(name))) {
    await targets.sdkMcp.remove(name);
    outcome.removed.push(name);
  }
  for (const name of names.filter((name) => !current.includes(name))) {
    outcome.added.push(name);
    const error = await targets.sdkMcp.add(name);
    if (error !== undefined) outcome.errors[name] = error;
  }
}

/**
 * mcp_set_servers: the process servers (stdio, http, sse) replace those earlier calls set, as
 * `--mcp-config` servers would be configured (checked, `${VAR}` expanded); the SDK's
 * in-process servers sent along replace the in-process ones.
 */
async function setServers(targets: HostTargets, servers: unknown): Promise<Answer> {
  if (!isRecord(servers)) return { error: "mcp_set_servers: servers must be an object" };
  const processServers = Object.fromEntries(
    Object.entries(servers).filter(([, entry]) => !isSdkEntry(entry)),
  );
  const resolved = resolveMcpServers(
    [{ scope: "dynamic", origin: "mcp_set_servers", servers: processServers }],
    process.env,
  );
  const outcome = await targets.session.mcp.setServers(resolved.servers);
  for (const problem of resolved.errors) outcome.errors[problem.server] = problem.message;
  const sdkNames = Object.keys(servers).filter((name) => isSdkEntry(servers[name]));
  await setSdkServers(targets, sdkNames, outcome);
  return { ok: { ...outcome } };
}

function nameOf(request: Record<string, unknown>): string {
  const name = request.serverName;
  if (typeof name !== "string" || name === "") throw new Error("serverName must be a name");
  return name;
}

/** The SDK's in-process servers are the host's own: it reaches them without keel. */
function refuseSdkServer(targets: HostTargets, name: string, subtype: string): void {
  if (targets.sdkMcp.status.some((server) => server.name === name)) {
    throw new Error(`${subtype}: "${name}" is an SDK MCP server; the host reaches it itself`);
  }
}

async function reconnect(targets: HostTargets, request: Record<string, unknown>): Promise<Answer> {
  const name = nameOf(request);
  refuseSdkServer(targets, name, "mcp_reconnect");
  await targets.session.mcp.reconnect(name);
  return { ok: {} };
}

async function toggle(targets: HostTargets, request: Record<string, unknown>): Promise<Answer> {
  const name = nameOf(request);
  if (typeof request.enabled !== "boolean") {
    return { error: "mcp_toggle: enabled must be true or false" };
  }
  refuseSdkServer(targets, name, "mcp_toggle");
  await targets.session.mcp.setEnabled(name, request.enabled);
  return { ok: {} };
}

/** The `_meta` key prefix the CLI keeps for its own members (the SDK's McpReadResource answer). */
const CLI_META_PREFIX = "com.anthropic/";

/**
 * An item's `_meta` less the CLI's own keys: a server's key under that prefix would pass for
 * something the CLI says to a host that trusts it.
 */
function serverMeta(meta: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(meta).filter(([key]) => !key.startsWith(CLI_META_PREFIX)),
  );
}

/** The members of a resources/read item the SDK's answer has (the server's text is untrusted). */
function contentItem(item: unknown): Record<string, unknown> | undefined {
  if (!isRecord(item) || typeof item.uri !== "string") return undefined;
  const { uri, mimeType, text, blob, _meta } = item;
  return {
    uri,
    ...(typeof mimeType === "string" ? { mimeType } : {}),
    ...(typeof text === "string" ? { text } : {}),
    ...(typeof blob === "string" ? { blob } : {}),
    ...(isRecord(_meta) ? { _meta: serverMeta(_meta) } : {}),
  };
}

async function readResource(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const name = nameOf(request);
  if (typeof request.uri !== "string") return { error: "mcp_read_resource: uri must be a string" };
  refuseSdkServer(targets, name, "mcp_read_resource");
  const result = await targets.session.mcp.readResource(
    name,
    request.uri,
    new AbortController().signal,
  );
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
  return { ok: { contents: contents.flatMap((item) => contentItem(item) ?? []) } };
}

/** The SDK's requests on the session's MCP servers, by subtype. */
export const MCP_HANDLERS: HostHandlers = {
  mcp_set_servers: (targets, request) => setServers(targets, request.servers),
  mcp_reconnect: reconnect,
  mcp_toggle: toggle,
  mcp_read_resource: readResource,
  mcp_call: mcpCallRequest,
};
