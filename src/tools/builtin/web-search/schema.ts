import { z } from "zod";

/** WebSearch's input, with Claude Code's field names. */
export const webSearchInputSchema = z
  .strictObject({
    query: z.string().min(2).describe("The search query to use"),
    allowed_domains: z
      .array(z.string())
      .optional()
      .describe("Only include search results from these domains"),
    blocked_domains: z
      .array(z.string())
      .optional()
      .describe("Never include search results from these domains"),
  })
  .refine((input) => !(input.allowed_domains?.length && input.blocked_domains?.length), {
    message: "Give allowed_domains or blocked_domains, not both.",
  });

/** A parsed WebSearch input. */
export type WebSearchInput = z.infer<typeof webSearchInputSchema>;

/** One search's hits, by the id of the search that found them. */
export interface WebSearchHits {
  tool_use_id: string;
  content: Array<{ title: string; url: string }>;
}

/** What WebSearch returns (Claude Code's `WebSearchOutput`). */
export interface WebSearchOutput {
  query: string;
  /** Hits and the searching model's commentary, in the order they came. */
  results: Array<WebSearchHits | string>;
  durationSeconds: number;
  /** Searches the API ran. */
  searchCount: number;
}
