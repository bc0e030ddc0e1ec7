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

/** The servers to start, the entries that were refused, and what to say of kept ones. */
export interface ResolvedMcpServers {
  servers: McpServerSpec[];
  errors: McpConfigError[];
  /** Servers kept with a problem (unset variables left as written). */
  warnings: McpConfigError[];
}

/** One entry checked: the server (perhaps with a warning), or why it cannot be used. */
type ParsedEntry = { spec: McpServerSpec; warning?: McpConfigError } | { error: McpConfigError };

/** Checks and expands one entry; an error or warning names the file and the server. */
function parseEntry(
  name: string,
  raw: unknown,
  source: McpConfigSource,
  env: Readonly<Record<string, string | undefined>>,
): ParsedEntry {
  const base = { origin: source.origin, server: name };
  const parsed = mcpServerEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const detail = z.prettifyError(parsed.error).replace(/\s*\n\s*/g, "; ");
    return {
      error: { ...base, message: `${source.origin}: MCP server "${name}" is invalid: ${detail}` },
    };
  }
  const { config, missing } = expandServerEntry(parsed.data, env);
  const spec = { name, scope: source.scope, origin: source.origin, config };
  if (missing.length === 0) return { spec };
  const names = missing.join(", ");
  return {
    spec,
    warning: {
      ...base,
      message: `${source.origin}: MCP server "${name}" uses unset environment variables: ${names} (left as written)`,
    },
  };
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
  const warnings: McpConfigError[] = [];
  for (const [name, { raw, source }] of chosen) {
    const result = parseEntry(name, raw, source, env);
    if ("error" in result) errors.push(result.error);
    else {
      servers.push(result.spec);
      if (result.warning) warnings.push(result.warning);
    }
  }
  return { servers, errors, warnings };
}
