import { toolDefinitionOf } from "../../../model/tool-schema.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import { markToolsLoaded, TOOL_SEARCH_TOOL_NAME } from "../../deferred-tools.js";
import type { AnyTool, Tool } from "../../tool.js";
import { toolSearchDescription } from "./description.js";
import { type FoundTools, rankTools, selectedNames, selectTools } from "./find-tools.js";
import { mapToolSearchResult } from "./result.js";
import { type ToolSearchInput, type ToolSearchOutput, toolSearchInputSchema } from "./schema.js";

/** The tools a query picks among the session's tools (a keyword search looks at deferred ones). */
function findTools(input: ToolSearchInput, tools: readonly AnyTool[]): FoundTools {
  const names = selectedNames(input.query);
  if (names) return selectTools(names, tools);
  const deferred = tools.filter((tool) => tool.shouldDefer === true);
  return { tools: rankTools(input.query, deferred, input.max_results), unknown: [] };
}

/**
 * Creates ToolSearch for one session: it finds deferred tools by name or keyword and loads
 * them (a context change), so later requests carry their definitions. It runs alone
 * (not concurrency-safe) because only calls that ran alone may change the context.
 */
export function createToolSearchTool(
  _config: BuiltinToolsConfig,
): Tool<ToolSearchInput, ToolSearchOutput> {
  return {
    name: TOOL_SEARCH_TOOL_NAME,
    description: toolSearchDescription(),
    inputSchema: toolSearchInputSchema,
    // A cut result still works: later requests carry the loaded definitions anyway.
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context) {
      const tools = context.options.tools;
      const found = findTools(input, tools);
      const deferred = found.tools.filter((tool) => tool.shouldDefer === true);
      const data: ToolSearchOutput = {
        query: input.query,
        matches: deferred.map((t) => toolDefinitionOf(t)),
        alreadyAvailable: found.tools.filter((t) => t.shouldDefer !== true).map((t) => t.name),
        unknown: found.unknown,
        deferredNames: tools.filter((t) => t.shouldDefer === true).map((t) => t.name),
      };
      if (deferred.length === 0) return { data };
      return { data, contextModifier: markToolsLoaded(deferred.map((tool) => tool.name)) };
    },
    mapToolResult: mapToolSearchResult,
  };
}
