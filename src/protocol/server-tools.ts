/** Anthropic's server-side web search, as a request's `tools` entry declares it. */
export interface WebSearchServerTool {
  type: "web_search_20250305";
  name: "web_search";
  /** Searches the model may run in this request. */
  max_uses?: number;
  allowed_domains?: string[];
  blocked_domains?: string[];
}
