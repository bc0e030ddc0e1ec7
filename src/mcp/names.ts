/** Claude Code's name normalisation: anything but letters, digits, `_` and `-` becomes `_`. */
export function normalizeNameForMcp(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** The name the model calls a server's tool by: `mcp__<server>__<tool>`. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${normalizeNameForMcp(server)}__${normalizeNameForMcp(tool)}`;
}

/** The slash command of a server's prompt: `mcp__<server>__<prompt>` (typed with a leading `/`). */
export function mcpPromptCommandName(server: string, prompt: string): string {
  return mcpToolName(server, prompt);
}
