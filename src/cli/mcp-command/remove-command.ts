import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { UsageError } from "../usage-error.js";
import { configuredServers, listedName } from "./configured-servers.js";
import {
  type McpRoots,
  readPlace,
  WRITABLE_SCOPES,
  type WritableScope,
  writePlace,
} from "./server-places.js";

async function scopesHolding(name: string, roots: McpRoots): Promise<WritableScope[]> {
  const held: WritableScope[] = [];
  for (const scope of WRITABLE_SCOPES) {
    if (name in (await readPlace(scope, roots))) held.push(scope);
  }
  return held;
}

/** Why nothing was removed: the server is elsewhere (a file keel only reads) or nowhere. */
async function notFound(name: string, roots: McpRoots, env: CliIo["env"]): Promise<UsageError> {
  const found = await configuredServers(roots, env);
  const server = found.servers.find((s) => listedName(s) === name);
  if (!server) return new UsageError(`No MCP server found with name: "${name}"`);
  const origin = "spec" in server ? server.spec.origin : server.origin;
  return new UsageError(
    `MCP server "${name}" is declared in ${origin}, which keel reads but does not change: edit it there`,
  );
}

/**
 * `keel mcp remove [-s scope] <name>`: removes the server from the scope's file. Without a
 * scope, from the one file keel writes that has it; a name in several is refused until the
 * scope is given.
 */
export async function removeServer(
  name: string,
  scope: WritableScope | undefined,
  roots: McpRoots,
  io: CliIo,
): Promise<number> {
  const held = await scopesHolding(name, roots);
  const from = scope ?? (held.length === 1 ? held[0] : undefined);
  if (held.length > 1 && scope === undefined) {
    throw new UsageError(
      `MCP server "${name}" exists in several scopes (${held.join(", ")}): name one with -s, e.g. keel mcp remove "${name}" -s ${held[0]}`,
    );
  }
  if (from === undefined || !held.includes(from)) {
    if (scope !== undefined) throw new UsageError(`No MCP server "${name}" in ${scope} config`);
    throw await notFound(name, roots, io.env);
  }
  const file = await writePlace(from, roots, (servers) => {
    const { [name]: _removed, ...rest } = servers;
    return rest;
  });
  await writeTo(
    io.stdout,
    `Removed MCP server ${name} from ${from} config\nFile modified: ${file}\n`,
  );
  return 0;
}
