/** How long connecting may take (MCP_TIMEOUT, Claude Code's variable): 30 s by default. */
export const DEFAULT_MCP_TIMEOUT_MS = 30_000;

/**
 * How long one tool call may go without an answer or progress (MCP_TOOL_TIMEOUT): 10 minutes
 * by default, so a hung server fails its own calls instead of holding the turn forever.
 */
export const DEFAULT_MCP_TOOL_TIMEOUT_MS = 600_000;

function positive(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The MCP timeouts from the environment (an unusable value keeps the default). */
export function mcpTimeoutsFromEnv(env: Readonly<Record<string, string | undefined>>): {
  timeoutMs: number;
  toolTimeoutMs: number;
} {
  return {
    timeoutMs: positive(env.MCP_TIMEOUT) ?? DEFAULT_MCP_TIMEOUT_MS,
    toolTimeoutMs: positive(env.MCP_TOOL_TIMEOUT) ?? DEFAULT_MCP_TOOL_TIMEOUT_MS,
  };
}
