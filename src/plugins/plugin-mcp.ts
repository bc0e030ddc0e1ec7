import type { McpConfigSource } from "../mcp/scopes.js";
import type { LoadedPlugin } from "./plugin.js";

/**
 * The plugins' MCP servers, named `plugin:<plugin>:<server>` as Claude Code names them (their
 * tools are then `mcp__plugin_<plugin>_<server>__<tool>`). They rank with `--mcp-config`'s: a
 * plugin is given on the command line too.
 */
export function pluginMcpSources(plugins: readonly LoadedPlugin[]): McpConfigSource[] {
  return plugins
    .filter((plugin) => Object.keys(plugin.mcpServers).length > 0)
    .map((plugin) => ({
      scope: "dynamic",
      origin: `plugin ${plugin.name} (${plugin.root})`,
      servers: Object.fromEntries(
        Object.entries(plugin.mcpServers).map(([name, entry]) => [
          `plugin:${plugin.name}:${name}`,
          entry,
        ]),
      ),
    }));
}
