import { z } from "zod";

/**
 * keel's own `webSearch` setting (read from keel's settings file only, never a project's): the
 * search service WebSearch asks where the provider has no server-side search. Keys come from
 * the environment (BRAVE_API_KEY, TAVILY_API_KEY), never from a file.
 */
export const webSearchSettingSchema = z.discriminatedUnion("provider", [
  z.strictObject({ provider: z.literal("searxng"), url: z.url() }),
  z.strictObject({ provider: z.literal("brave"), url: z.url().optional() }),
  z.strictObject({ provider: z.literal("tavily"), url: z.url().optional() }),
]);

/** A checked `webSearch` setting. */
export type WebSearchSetting = z.infer<typeof webSearchSettingSchema>;
