import { z } from "zod";
import { askBackend, type Fetch } from "./backend-http.js";
import type { SearchBackend } from "./search-backend.js";

export const BRAVE_API = "https://api.search.brave.com";

const answerSchema = z.object({
  web: z
    .object({
      results: z.array(
        z.object({ title: z.string(), url: z.string(), description: z.string().nullish() }).loose(),
      ),
    })
    .nullish(),
});

/** Brave Search's web search API, its key sent as `X-Subscription-Token`. */
export function braveBackend(
  key: string,
  baseUrl = BRAVE_API,
  fetcher: Fetch = fetch,
): SearchBackend {
  return {
    name: "brave",
    async search(input, signal) {
      const url = new URL("/res/v1/web/search", baseUrl);
      url.searchParams.set("q", input.query);
      url.searchParams.set("count", "10");
      const answer = await askBackend(
        "brave",
        fetcher,
        url.toString(),
        { headers: { accept: "application/json", "x-subscription-token": key }, signal },
        answerSchema,
      );
      return (answer.web?.results ?? []).map(({ title, url: link, description }) => ({
        title,
        url: link,
        ...(description ? { snippet: description } : {}),
      }));
    },
  };
}
