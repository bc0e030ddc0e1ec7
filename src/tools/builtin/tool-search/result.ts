import type { ToolResultBlock } from "../../../protocol/content.js";
import { TOOL_SEARCH_TOOL_NAME } from "../../deferred-tools.js";
import type { ToolSearchOutput } from "./schema.js";

/** The loaded tools' definitions, in the shape tools are listed to the model. */
function definitionsBlock(output: ToolSearchOutput): string[] {
  const noun = output.matches.length === 1 ? "tool" : "tools";
  return [
    `Loaded ${output.matches.length} ${noun}. Their definitions follow; they are in your tool list from now on, so call them directly.`,
    "<functions>",
    ...output.matches.map((definition) => `<function>${JSON.stringify(definition)}</function>`),
    "</functions>",
  ];
}

/** Why nothing was loaded, and how to find what exists. */
function nothingFound(output: ToolSearchOutput): string {
  if (output.deferredNames.length === 0)
    return "No tools are deferred: every tool is already in your tool list.";
  return `No deferred tool matched "${output.query}". The deferred tools are: ${output.deferredNames.join(", ")}. Load one with ${TOOL_SEARCH_TOOL_NAME} query "select:<name>".`;
}

/** ToolSearch's tool_result: the loaded definitions, and notes on names that loaded nothing. */
export function mapToolSearchResult(output: ToolSearchOutput, toolUseId: string): ToolResultBlock {
  const lines = output.matches.length > 0 ? definitionsBlock(output) : [];
  if (output.alreadyAvailable.length > 0) {
    lines.push(
      `Already in your tool list (call directly, no loading needed): ${output.alreadyAvailable.join(", ")}`,
    );
  }
  if (output.unknown.length > 0)
    lines.push(`No tool has these names: ${output.unknown.join(", ")}`);
  if (output.matches.length === 0 && output.alreadyAvailable.length === 0) {
    lines.push(nothingFound(output));
  }
  return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") };
}
