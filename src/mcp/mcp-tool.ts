import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolResultBlock } from "../protocol/content.js";
import type { Tool } from "../tools/tool.js";
import { mcpToolName } from "./names.js";
import { type McpToolOutput, mapCallToolResult } from "./tool-result.js";

/** Claude Code's cap on an MCP tool's result before the tool-result budget spills it. */
export const MCP_MAX_RESULT_CHARS = 100_000;

/** An MCP tool's input: any object; the JSON schema is the model's guide, the server validates. */
export const mcpToolInputSchema = z.record(z.string(), z.unknown());

/** The input of an MCP tool. */
export type McpToolInput = z.infer<typeof mcpToolInputSchema>;

/** Sends one tools/call to the tool's server; the signal cancels the request. */
export type CallMcpTool = (
  tool: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<unknown>;

/** Everything one adapted tool is made from. */
export interface McpToolSource {
  server: string;
  definition: McpToolDefinition;
  call: CallMcpTool;
  /** Sent by name only until ToolSearch loads it (when MCP tools would take too much context). */
  shouldDefer: boolean;
}

/** Text for an empty result, so the tool_result is never empty. */
function noOutputText(name: string): string {
  return `(${name} completed with no output)`;
}

/**
 * An MCP server's tool as a keel tool: `mcp__<server>__<tool>`, the server's description and
 * JSON schema passed through, read-only (and concurrency-safe) when the server marks it
 * `readOnlyHint`. Permission is left to rules and the mode (`mcp__server__tool`, `mcp__server__*`).
 */
export function createMcpTool(source: McpToolSource): Tool<McpToolInput, McpToolOutput> {
  const { definition } = source;
  const name = mcpToolName(source.server, definition.name);
  const readOnly = definition.annotations?.readOnlyHint === true;
  return {
    name,
    description: definition.description ?? definition.title ?? definition.name,
    inputSchema: mcpToolInputSchema,
    inputJSONSchema: definition.inputSchema,
    maxResultSizeChars: MCP_MAX_RESULT_CHARS,
    shouldDefer: source.shouldDefer,
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    async call(input, context) {
      const raw = await source.call(definition.name, input, context.signal);
      return { data: mapCallToolResult(raw) };
    },
    mapToolResult(output, toolUseId): ToolResultBlock {
      const content = output.content.length > 0 ? output.content : noOutputText(name);
      return {
        type: "tool_result",
        tool_use_id: toolUseId,
        content,
        ...(output.isError ? { is_error: true } : {}),
      };
    },
  };
}
