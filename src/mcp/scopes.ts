/**
 * Where a server was declared. `dynamic` is `--mcp-config`; the others are Claude Code's
 * scopes: local (`~/.claude.json` projects[cwd]), project (`.mcp.json`), user.
 */
export type McpScope = "dynamic" | "local" | "project" | "user";

/** Precedence, highest first: a name declared twice is taken from the higher scope. */
export const SCOPE_PRECEDENCE: readonly McpScope[] = ["dynamic", "local", "project", "user"];

/** One place that declares servers: its scope, where it came from (for errors), its entries. */
export interface McpConfigSource {
  scope: McpScope;
  /** A file path, or a description such as "--mcp-config (inline JSON)". */
  origin: string;
  servers: Record<string, unknown>;
}
