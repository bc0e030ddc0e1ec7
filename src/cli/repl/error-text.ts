/** The message of something thrown, for a notice (an Error's message, else its text). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The tags tool errors carry for the model (tools/tool-errors.ts), not for a person. */
const TOOL_ERROR_TAGS = /<\/?tool_use_error>/g;

/** A tool's error as a person reads it: without the `<tool_use_error>` tags the model gets. */
export function toolErrorText(text: string): string {
  return text.replace(TOOL_ERROR_TAGS, "");
}
