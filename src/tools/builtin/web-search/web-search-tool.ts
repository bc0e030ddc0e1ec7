import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { Tool } from "../../tool.js";
import { backendSearchResults } from "./backend-result.js";
import type { SearchBackend } from "./backends/search-backend.js";
import { webSearchDescription } from "./description.js";
import { searchResults, webSearchResult } from "./result.js";
import { type WebSearchInput, type WebSearchOutput, webSearchInputSchema } from "./schema.js";
import { searchRequest } from "./search-request.js";

/** What WebSearch can be given: a search service for providers without one, a clock. */
export interface WebSearchDeps {
  /** Asked when the provider has no server-side search (keel's `webSearch` setting). */
  backend?: SearchBackend;
  now?: () => number;
}

/**
 * WebSearch: a client tool (permission rules and PreToolUse hooks apply) that runs a nested
 * request with Anthropic's server-side web search, or asks the configured search service on
 * other providers, and returns what it found.
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
      const startedAt = now();
      let found: Pick<WebSearchOutput, "results" | "searchCount">;
      if (model?.serverTools) {
        const request = searchRequest(input, context.options.mainLoopModel);
        found = searchResults((await model.ask(request, context.signal)).content);
      } else if (deps.backend) {
        found = backendSearchResults(
          deps.backend.name,
          await deps.backend.search(input, context.signal),
          input,
        );
      } else {
        throw new Error(
          "WebSearch needs Anthropic's server-side web search, which this session's provider does not run, or a webSearch service in keel's settings (docs/configuration.md).",
        );
      }
      const durationSeconds = (now() - startedAt) / 1000;
      return { data: { query: input.query, ...found, durationSeconds } };
    },
    mapToolResult: webSearchResult,
  };
}
