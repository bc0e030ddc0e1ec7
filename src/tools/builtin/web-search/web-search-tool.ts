import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import { webSearchDescription } from "./description.js";
import { searchResults, webSearchResult } from "./result.js";
import { type WebSearchInput, type WebSearchOutput, webSearchInputSchema } from "./schema.js";
import { searchRequest } from "./search-request.js";

/** What WebSearch can be given (a clock for its duration; tests inject one). */
export interface WebSearchDeps {
  now?: () => number;
}

/**
 * WebSearch: a client tool (permission rules and PreToolUse hooks apply) that runs a nested
 * request with Anthropic's server-side web search and returns what it found.
 */
export function createWebSearchTool(
  _config: BuiltinToolsConfig,
  deps: WebSearchDeps = {},
): Tool<WebSearchInput, WebSearchOutput> {
  const now = deps.now ?? Date.now;
  return {
    name: "WebSearch",
    description: webSearchDescription(),
    inputSchema: webSearchInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context) {
      const model = context.options.sideModel;
      if (!model?.serverTools)
        throw new Error(
          "WebSearch needs Anthropic's server-side web search, which this session's provider does not run; keel has no other search backend yet.",
        );
      const startedAt = now();
      const request = searchRequest(input, context.options.mainLoopModel);
      const response = await model.ask(request, context.signal);
      const { results, searchCount } = searchResults(response.content);
      const durationSeconds = (now() - startedAt) / 1000;
      return { data: { query: input.query, results, durationSeconds, searchCount } };
    },
    mapToolResult: webSearchResult,
  };
}
