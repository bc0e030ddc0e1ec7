import { z } from "zod";
import type { ToolCallContext, ToolUseContext } from "../../../src/tools/context.js";
import type { Tool, ToolCallResult } from "../../../src/tools/tool.js";

const cityInput = z.strictObject({ city: z.string().describe("The city to forecast") });

/** A deferred, concurrency-safe tool shaped like an MCP tool; it reports each call it gets. */
export function deferredTool(
  name = "mcp__weather__forecast",
  description = "Gets the weather forecast for a city.",
): Tool<{ city: string }, string> & { calls: string[] } {
  const calls: string[] = [];
  return {
    name,
    description,
    inputSchema: cityInput,
    maxResultSizeChars: 50_000,
    shouldDefer: true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input): Promise<ToolCallResult<string>> {
      calls.push(input.city);
      return { data: `forecast for ${input.city}: clear skies` };
    },
    mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
    calls,
  };
}

/** The context one direct tool call receives. */
export function callContext(context: ToolUseContext, toolUseId = "call-1"): ToolCallContext {
  return { ...context, toolUseId, signal: context.abortController.signal };
}

/** A request body's system prompt as text (a string, or text blocks). */
export function systemText(body: Record<string, unknown>): string {
  const system = body.system;
  if (typeof system === "string") return system;
  if (!Array.isArray(system)) return "";
  return system.map((block: { text?: string }) => block.text ?? "").join("");
}

/** The names of the tools a request body sends with their definitions. */
export function toolNames(body: Record<string, unknown>): string[] {
  const tools = (body.tools ?? []) as Array<{ name: string }>;
  return tools.map((tool) => tool.name);
}
