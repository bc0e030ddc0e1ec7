import { z } from "zod";

/** WebFetch's input, with Claude Code's field names. */
export const webFetchInputSchema = z.strictObject({
  url: z.string().describe("The URL to fetch content from"),
  prompt: z.string().describe("The prompt to run on the fetched content"),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Character position in the page text to start reading from. Use it to read on through a page too long for one call, with the value the previous result gave.",
    ),
});

/** A parsed WebFetch input. */
export type WebFetchInput = z.infer<typeof webFetchInputSchema>;

/** What WebFetch returns (Claude Code's `WebFetchOutput`). */
export interface WebFetchOutput {
  /** Size of the fetched content in bytes. */
  bytes: number;
  /** HTTP status of the last response. */
  code: number;
  codeText: string;
  /** The small model's answer (or the page's markdown, or the redirect notice). */
  result: string;
  durationMs: number;
  /** The URL that was fetched (after the https upgrade). */
  url: string;
}
