import type { ToolResultBlock } from "../../../protocol/content.js";

/** What a Glob found. */
export interface GlobOutput {
  /** Absolute paths, most recently modified first. */
  filenames: string[];
  /** More files matched than are listed. */
  truncated: boolean;
  /** ripgrep could not list some folders (e.g. unreadable ones). */
  warning?: string;
}

/** Glob's tool_result: the paths, one a line, or "No files found". */
export function mapGlobResult(output: GlobOutput, toolUseId: string): ToolResultBlock {
  const parts: string[] = [];
  if (output.filenames.length === 0) parts.push("No files found");
  else parts.push(output.filenames.join("\n"));
  if (output.truncated) {
    parts.push(
      `(Results are truncated to the ${output.filenames.length} most recently modified files. Use a more specific path or pattern to see the others.)`,
    );
  }
  if (output.warning) parts.push(`(Some folders could not be listed: ${output.warning})`);
  return { type: "tool_result", tool_use_id: toolUseId, content: parts.join("\n") };
}
