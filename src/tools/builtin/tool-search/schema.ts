import { z } from "zod";
import type { ToolDefinition } from "../../../protocol/api.js";

/** How many tools a keyword search loads when the model does not say. */
export const DEFAULT_MAX_RESULTS = 5;

/** ToolSearch's input (Claude Code's field names). */
export const toolSearchInputSchema = z.strictObject({
  query: z
    .string()
    .min(1)
    .describe(
      'Either "select:<name>[,<name>…]" to load those tools by name, or keywords to find deferred tools by name and description',
    ),
  max_results: z
    .number()
    .int()
    .min(1)
    .default(DEFAULT_MAX_RESULTS)
    .describe("How many tools a keyword search loads at most (default 5)"),
});

/** A parsed ToolSearch input. */
export type ToolSearchInput = z.infer<typeof toolSearchInputSchema>;

/** What a ToolSearch found and loaded. */
export interface ToolSearchOutput {
  query: string;
  /** The definitions of the deferred tools found; they are in the tool list from now on. */
  matches: ToolDefinition[];
  /** Names selected that are tools the model already has in full. */
  alreadyAvailable: string[];
  /** Names selected that no tool has. */
  unknown: string[];
  /** Every deferred tool's name (what a search that found nothing can point to). */
  deferredNames: string[];
}
