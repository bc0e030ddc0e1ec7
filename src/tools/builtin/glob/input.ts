import { z } from "zod";

/** Glob's input, with Claude Code's field names. */
export const globInputSchema = z.strictObject({
  pattern: z
    .string()
    .min(1)
    .describe('The glob to match file paths against, e.g. "**/*.ts" or "src/**/*.test.ts".'),
  path: z
    .string()
    .optional()
    .describe(
      'The folder to search in (absolute, or relative to the working folder). Leave it out to search the working folder; do not pass "undefined" or "null".',
    ),
});

/** A parsed Glob input. */
export type GlobInput = z.infer<typeof globInputSchema>;
