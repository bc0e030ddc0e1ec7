import { join } from "node:path";

/**
 * keel's own file of user and local MCP servers (`keel mcp add -s user|local`), shaped like
 * the parts of Claude Code's `~/.claude.json` that hold them: `mcpServers` (user scope) and
 * `projects[<folder>].mcpServers` (local scope). keel writes only under its state folder
 * (contracts §3), so it keeps these here rather than in `~/.claude.json`, which it reads.
 */
export function keelMcpServersPath(stateDir: string): string {
  return join(stateDir, "mcp-servers.json");
}
