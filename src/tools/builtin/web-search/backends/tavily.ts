import { z } from "zod";
import { askBackend, type Fetch } from "./backend-http.js";
import type { SearchBackend } from "./search-backend.js";

export const TAVILY_API = "https://api.tavily.com";

const answerSchema = z.object({
  results: z.array(
    z.object({ title: z.string(), url: z.string(), content: z.string().nullish() }).loose(),
  ),
});

/** Tavily's search API, its key sent as a bearer token; the domain filters go with the query. */
export function tavilyBackend(
  key: string,
  baseUrl = TAVILY_API,
  fetcher: Fetch = fetch,
): SearchBackend {
  return {
    name: "tavily",
    async search(input, signal) {
      const body = {
        query: input.query,
        max_results: 10,
        ...(input.allowed_domains?.length ? { include_domains: input.allowed_domains } : {}),
        ...(input.blocked_domains?.length ? { exclude_domains: input.blocked_domains } : {}),
      };
      const answer = await askBackend(
        "tavily",
        fetcher,
        new URL("/search", baseUrl).toString(),
        {
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/json",
            authorization: `Bearer ${key}`,
          },
          body: JSON.stringify(body),
          signal,
        },
        answerSchema,
      );
      return answer.results.map(({ title, url: link, content }) => ({
        title,
        url: link,
        ...(content ? { snippet: content } : {}),
      }));
    },
  };
}
