import { z } from "zod";
import { askBackend, type Fetch } from "./backend-http.js";
import type { SearchBackend } from "./search-backend.js";

const answerSchema = z.object({
  results: z.array(
    z.object({ title: z.string(), url: z.string(), content: z.string().nullish() }).loose(),
  ),
});

/** A SearXNG instance's JSON API (`/search?format=json`; the instance must allow that format). */
export function searxngBackend(baseUrl: string, fetcher: Fetch = fetch): SearchBackend {
  return {
    name: "searxng",
    async search(input, signal) {
      const url = new URL("search", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
      url.searchParams.set("q", input.query);
      url.searchParams.set("format", "json");
      const answer = await askBackend(
        "searxng",
        fetcher,
        url.toString(),
        { headers: { accept: "application/json" }, signal },
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
