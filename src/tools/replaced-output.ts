import type { ToolResultBlock } from "../protocol/content.js";
import type { AnyTool } from "./tool.js";

/** A value's JSON kind: a replacement of the same kind as the output is read as that output. */
function jsonKind(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/**
 * The tool_result block for a PostToolUse hook's replacement output (updatedToolOutput):
 * of the same JSON kind as the tool's own output, the tool maps it as its own (a Bash
 * output with stdout redacted stays a Bash result); otherwise, or when the tool cannot map
 * it, a string is the result's text and anything else its JSON, flagged an error as the
 * call's own result was.
 */
export function replacedResult(
  tool: AnyTool,
  original: unknown,
  replacement: unknown,
  toolUseId: string,
  isError: boolean,
): ToolResultBlock {
  if (jsonKind(replacement) === jsonKind(original)) {
    try {
      return tool.mapToolResult(replacement, toolUseId);
    } catch {
      // A shape the tool does not know: the generic text below.
    }
  }
  const text = typeof replacement === "string" ? replacement : JSON.stringify(replacement);
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: text,
    ...(isError ? { is_error: true } : {}),
  };
}
