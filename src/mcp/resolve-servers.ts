import { z } from "zod";
import { type McpServerConfig, mcpServerEntrySchema } from "./config-schema.js";
import { expandServerEntry } from "./expand-env.js";
import { type McpConfigSource, type McpScope, SCOPE_PRECEDENCE } from "./scopes.js";

/** A server to connect: its name, where it was declared, and its expanded configuration. */
export interface McpServerSpec {
  name: string;
  scope: McpScope;
  origin: string;
  config: McpServerConfig;
}

/** A server entry that cannot be used; the other servers are not affected. */
export interface McpConfigError {
  origin: string;
  server: string;
  message: string;
}

/** The servers to start and the entries that were refused. */
export interface ResolvedMcpServers {
  servers: McpServerSpec[];
  errors: McpConfigError[];
}

/** Checks and expands one entry; the error names the file and the server. */
function parseEntry(
  name: string,
  raw: unknown,
  source: McpConfigSource,
  env: Readonly<Record<string, string | undefined>>,
): McpServerSpec | McpConfigError {
  const base = { origin: source.origin, server: name };
  const parsed = mcpServerEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error).replace(/\s*\n\s*/g, "; ");
    return { ...base, message: `${source.origin}: MCP server "${name}" is invalid: ${detail}` };
  }
  const expanded = expandServerEntry(parsed.data, env);
  if (!expanded.ok) {
    const names = expanded.missing.join(", ");
    return {
      ...base,
      message: `${source.origin}: MCP server "${name}" uses unset environment variables: ${names}`,
    };
  }
  return { name, scope: source.scope, origin: source.origin, config: expanded.config };
}

/** Sources from lowest to highest precedence; within a scope, a later source wins. */
function lowestFirst(sources: readonly McpConfigSource[]): McpConfigSource[] {
  const rank = (scope: McpScope) => SCOPE_PRECEDENCE.length - SCOPE_PRECEDENCE.indexOf(scope);
  return sources
    .map((source, index) => ({ source, index }))
    .sort((a, b) => rank(a.source.scope) - rank(b.source.scope) || a.index - b.index)
    .map(({ source }) => source);
}

/**
 * Picks, for each server name, the entry of the highest scope (dynamic > local > project >
 * user), then validates and expands it. A bad entry still claims its name (a lower scope's
 * entry of the same name does not silently stand in) and becomes an error.
 */
export function resolveMcpServers(
  sources: readonly McpConfigSource[],
  env: Readonly<Record<string, string | undefined>>,
): ResolvedMcpServers {
  const chosen = new Map<string, { raw: unknown; source: McpConfigSource }>();
  for (const source of lowestFirst(sources)) {
    for (const [name, raw] of Object.entries(source.servers)) chosen.set(name, { raw, source });
  }
  const servers: McpServerSpec[] = [];
  const errors: McpConfigError[] = [];
  for (const [name, { raw, source }] of chosen) {
    const result = parseEntry(name, raw, source, env);
    if ("config" in result) servers.push(result);
    else errors.push(result);
  }
  return { servers, errors };
}
