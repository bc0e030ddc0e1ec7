import { z } from "zod";
import type { DiffHunk } from "../file-io/structured-diff.js";

/** Write's input (Claude Code's field names). */
export const writeInputSchema = z.strictObject({
  file_path: z
    .string()
    .describe(
      "Absolute path of the file to create or overwrite (a relative path is taken from the working folder)",
    ),
  content: z.string().describe("The complete new content of the file"),
});

/** A validated Write input. */
export type WriteInput = z.infer<typeof writeInputSchema>;

/** What a Write did, for the UI and the SDK. */
export interface WriteOutput {
  type: "create" | "update";
  /** The absolute path written. */
  filePath: string;
  /** The change as unified-diff hunks (a new file is all additions). */
  structuredPatch: DiffHunk[];
}
