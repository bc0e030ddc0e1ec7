import type { AssistantContentBlock, ToolResultBlock } from "../../../protocol/content.js";
import type { WebSearchOutput } from "./schema.js";

/** The nested response's blocks as WebSearchOutput's results: hits, errors and commentary. */
export function searchResults(content: readonly AssistantContentBlock[]): {
  results: WebSearchOutput["results"];
  searchCount: number;
} {
  const results: WebSearchOutput["results"] = [];
  let searchCount = 0;
  for (const block of content) {
    if (block.type === "server_tool_use" && block.name === "web_search") searchCount += 1;
    if (block.type === "text" && block.text.trim() !== "") results.push(block.text.trim());
    if (block.type !== "web_search_tool_result") continue;
    if (Array.isArray(block.content)) {
      const hits = block.content.map(({ title, url }) => ({ title, url }));
      results.push({ tool_use_id: block.tool_use_id, content: hits });
    } else results.push(`Web search error: ${block.content.error_code}`);
  }
  return { results, searchCount };
}

/** The tool_result the model sees: the hits as links, the commentary, a reminder to cite. */
export function webSearchResult(output: WebSearchOutput, toolUseId: string): ToolResultBlock {
  const parts = output.results.map((result) =>
    typeof result === "string" ? result : `Links: ${JSON.stringify(result.content)}`,
  );
  const content = [
    `Web search results for query: "${output.query}"`,
    "",
    ...(parts.length === 0 ? ["No results were found."] : parts),
    "",
    "REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.",
  ].join("\n");
  return { type: "tool_result", tool_use_id: toolUseId, content };
}
