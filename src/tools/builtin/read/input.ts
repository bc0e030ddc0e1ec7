import { z } from "zod";

/** Read's input, with Claude Code's field names. */
export const readInputSchema = z.strictObject({
  file_path: z
    .string()
    .describe("The file to read: an absolute path, or a path relative to the working folder."),
  offset: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe(
      "The line to start at (1 is the first line). Give it only for files too big to read at once.",
    ),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("How many lines to show. Give it only for files too big to read at once."),
});

/** A parsed Read input. */
export type ReadInput = z.infer<typeof readInputSchema>;
