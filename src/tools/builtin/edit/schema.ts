import { z } from "zod";
import type { DiffHunk } from "../file-io/structured-diff.js";

/** Edit's input (Claude Code's field names). */
export const editInputSchema = z.strictObject({
  file_path: z
    .string()
    .describe(
      "Absolute path of the file to change (a relative path is taken from the working folder)",
    ),
  old_string: z
    .string()
    .describe("The exact text to replace, including its indentation; empty to create a new file"),
  new_string: z.string().describe("The text to put in its place (must differ from old_string)"),
  replace_all: z
    .boolean()
    .default(false)
    .describe("Replace every occurrence of old_string instead of requiring exactly one"),
});

/** A validated Edit input (replace_all filled in). */
export type EditInput = z.infer<typeof editInputSchema>;

/** What an Edit did, for the UI and the SDK. */
export interface EditOutput {
  /** The absolute path edited. */
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  /** How many occurrences were replaced. */
  replacements: number;
  /** The change as unified-diff hunks. */
  structuredPatch: DiffHunk[];
}
