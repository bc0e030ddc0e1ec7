import { z } from "zod";

const lines = (what: string) => z.number().int().nonnegative().optional().describe(what);

/** Grep's input, with Claude Code's field names (including the flag-like ones). */
export const grepInputSchema = z.strictObject({
  pattern: z
    .string()
    .describe("The regular expression to search file contents for (ripgrep syntax)."),
  path: z
    .string()
    .optional()
    .describe(
      "The file or folder to search (absolute, or relative to the working folder). Defaults to the working folder.",
    ),
  glob: z
    .string()
    .optional()
    .describe(
      'Only search files whose path matches this glob, e.g. "*.js" or "*.{ts,tsx}" (ripgrep --glob).',
    ),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .optional()
    .describe(
      'What to show: "content" (matching lines; honours -A, -B, -C and -n), "files_with_matches" (file paths; the default) or "count" (matches per file).',
    ),
  "-B": lines('Lines to show before each match ("content" mode only).'),
  "-A": lines('Lines to show after each match ("content" mode only).'),
  "-C": lines('Lines to show before and after each match ("content" mode only).'),
  "-n": z
    .boolean()
    .optional()
    .describe('Show line numbers ("content" mode only; on unless set to false).'),
  "-i": z.boolean().optional().describe("Ignore case."),
  type: z
    .string()
    .optional()
    .describe('Only search files of this ripgrep type, e.g. "js", "py", "rust" (ripgrep --type).'),
  head_limit: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Show at most this many lines or entries (default 250; 0 means no limit)."),
  offset: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Skip this many lines or entries first, to page through long results (default 0)."),
  multiline: z
    .boolean()
    .optional()
    .describe("Let the pattern span lines, with . matching newlines (default false)."),
});

/** A parsed Grep input. */
export type GrepInput = z.infer<typeof grepInputSchema>;

/** The output modes Grep knows. */
export type GrepMode = NonNullable<GrepInput["output_mode"]>;
