/** The facts /status shows about the running session. */
export interface StatusFacts {
  model: string;
  /** The backend (`anthropic`, `openai`, `scripted`); undefined when the session does not say. */
  provider: string | undefined;
  sessionId: string;
  cwd: string;
  permissionMode: string | undefined;
  /** Settings files that were found and read, lowest source first. */
  settingsFiles: readonly string[] | undefined;
  /** Memory files loaded into context (paths). */
  memoryFiles: readonly string[] | undefined;
  mcpServers: ReadonlyArray<{ name: string; status: string }> | undefined;
  totalCostUsd: number;
}

function listed(title: string, items: readonly string[] | undefined): string[] {
  if (items === undefined) return [`${title}: unknown`];
  if (items.length === 0) return [`${title}: none`];
  return [`${title}:`, ...items.map((item) => `  ${item}`)];
}

function mcpLine(servers: StatusFacts["mcpServers"]): string {
  if (servers === undefined) return "MCP servers: unknown";
  if (servers.length === 0) return "MCP servers: none";
  const byStatus = new Map<string, number>();
  for (const server of servers) byStatus.set(server.status, (byStatus.get(server.status) ?? 0) + 1);
  const counts = [...byStatus].map(([status, count]) => `${count} ${status}`).join(", ");
  return `MCP servers: ${servers.length} (${counts}) — /mcp lists them`;
}

/** The /status text: one fact a line, lists indented under their title. */
export function statusText(facts: StatusFacts): string {
  return [
    `Model: ${facts.model}${facts.provider ? ` (${facts.provider})` : ""}`,
    `Session: ${facts.sessionId}`,
    `Working folder: ${facts.cwd}`,
    `Permission mode: ${facts.permissionMode ?? "unknown"}`,
    ...listed("Settings files", facts.settingsFiles),
    ...listed("Memory files", facts.memoryFiles),
    mcpLine(facts.mcpServers),
    `Total cost: $${facts.totalCostUsd.toFixed(4)}`,
  ].join("\n");
}
