import { TOOL_SEARCH_TOOL_NAME } from "./deferred-tools.js";

/**
 * The system prompt section that names the deferred tools, one a line: the model knows they
 * exist and how to get their definitions before calling them.
 */
export function deferredToolsNote(names: readonly string[]): string {
  return [
    "# Deferred tools",
    `These tools exist but their definitions are not in your tool list yet. Before calling one, load it with ${TOOL_SEARCH_TOOL_NAME}: query "select:<name>" (several names separated by commas) loads those tools, and keywords search their descriptions. Once loaded, a tool is called like any other.`,
    ...names,
  ].join("\n");
}

/** Added to an input validation error of a deferred tool the model called without its schema. */
export function schemaNotSentHint(toolName: string): string {
  return `\n\nThe definition of ${toolName} was not in your tool list, so its parameters were guesses. Call ${TOOL_SEARCH_TOOL_NAME} with query "select:${toolName}" to see its schema, then call it again.`;
}
