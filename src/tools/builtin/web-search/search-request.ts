import type { ModelRequest } from "../../../model/provider.js";
import type { WebSearchInput } from "./schema.js";

/** Searches one nested request may run (Claude Code's). */
const MAX_USES = 8;

/**
 * The nested request that searches: the main model with Anthropic's server-side web search
 * tool, the call's domain filters on it. Its blocks stay inside the tool: the conversation only
 * ever carries the tool's result, so a later switch to an `openai:` model keeps working.
 */
export function searchRequest(input: WebSearchInput, model: string): ModelRequest {
  return {
    model,
    system: "You are an assistant for performing a web search tool use.",
    messages: [{ role: "user", content: `Perform a web search for the query: ${input.query}` }],
    serverTools: [
      {
        type: "web_search_20250305",
        name: "web_search",
        max_uses: MAX_USES,
        ...(input.allowed_domains?.length ? { allowed_domains: input.allowed_domains } : {}),
        ...(input.blocked_domains?.length ? { blocked_domains: input.blocked_domains } : {}),
      },
    ],
    maxTokens: 4096,
    kind: "side",
  };
}
