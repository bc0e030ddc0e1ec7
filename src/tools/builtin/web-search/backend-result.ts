import { keepDomains, type SearchBackendName, type SearchHit } from "./backends/search-backend.js";
import type { WebSearchInput, WebSearchOutput } from "./schema.js";

/** Hits one backend search may give the model. */
const MAX_HITS = 10;

/**
 * A backend's hits as WebSearchOutput's results: the links (as the server search gives them),
 * then each hit's excerpt, so the model reads what the pages say without a WebFetch each.
 */
export function backendSearchResults(
  backend: SearchBackendName,
  hits: readonly SearchHit[],
  input: WebSearchInput,
): Pick<WebSearchOutput, "results" | "searchCount"> {
  const kept = keepDomains(hits, input).slice(0, MAX_HITS);
  if (kept.length === 0) return { results: [], searchCount: 1 };
  const links = {
    tool_use_id: `${backend}_search`,
    content: kept.map(({ title, url }) => ({ title, url })),
  };
  const excerpts = kept
    .filter((hit) => hit.snippet)
    .map((hit) => `${hit.title} (${hit.url}): ${hit.snippet?.replace(/\s+/g, " ").trim()}`);
  return { results: excerpts.length > 0 ? [links, excerpts.join("\n")] : [links], searchCount: 1 };
}
