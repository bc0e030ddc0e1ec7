import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { CHARS_PER_TOKEN } from "../context/tokens.js";

/** When MCP tools are deferred: their definitions together over `ratio` of the context window. */
export interface DeferralPolicy {
  contextWindowTokens: number;
  /** Claude Code's rule of thumb: 10% of the window. */
  ratio: number;
}

/** The default: 10% of a 200k window, i.e. 20,000 tokens of MCP tool definitions. */
export const DEFAULT_DEFERRAL: DeferralPolicy = { contextWindowTokens: 200_000, ratio: 0.1 };

/** Rough tokens of tool definitions as the API would receive them (characters / 4). */
export function definitionTokens(
  tools: readonly { name: string; definition: McpToolDefinition }[],
): number {
  let chars = 0;
  for (const { name, definition } of tools) {
    chars += name.length + (definition.description ?? "").length;
    chars += JSON.stringify(definition.inputSchema).length;
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/**
 * True when every MCP tool should be deferred (name only, loaded through ToolSearch): all
 * their definitions together would take more than the policy's share of the context window.
 */
export function shouldDeferMcpTools(
  tools: readonly { name: string; definition: McpToolDefinition }[],
  policy: DeferralPolicy = DEFAULT_DEFERRAL,
): boolean {
  return definitionTokens(tools) > policy.contextWindowTokens * policy.ratio;
}
