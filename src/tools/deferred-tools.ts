import type { ContextModifier } from "./apply-context-modifier.js";
import type { ToolUseContext } from "./context.js";
import type { AnyTool } from "./tool.js";

/** The name of the tool that loads deferred tools' definitions. */
export const TOOL_SEARCH_TOOL_NAME = "ToolSearch";

/** True when a tool list has a deferred tool, so ToolSearch should be offered with it. */
export function needsToolSearch(tools: readonly AnyTool[]): boolean {
  return tools.some((tool) => tool.shouldDefer === true);
}

/**
 * True when deferral applies to this list: only with ToolSearch among the tools. Without it
 * (e.g. a subagent's restricted set) the model could never load a schema, so every tool is
 * sent in full.
 */
function deferralActive(tools: readonly AnyTool[]): boolean {
  return tools.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME);
}

/** True for a deferred tool whose definition the model has not been given yet. */
export function isUnloadedDeferredTool(tool: AnyTool, context: ToolUseContext): boolean {
  return (
    tool.shouldDefer === true &&
    !context.loadedDeferredTools?.has(tool.name) &&
    deferralActive(context.options.tools)
  );
}

/** The deferred tools the model knows by name only, in tool-list order. */
export function unloadedDeferredTools(context: ToolUseContext): AnyTool[] {
  return context.options.tools.filter((tool) => isUnloadedDeferredTool(tool, context));
}

/** A context change recording that the model now has these tools' definitions. */
export function markToolsLoaded(names: readonly string[]): ContextModifier {
  return (context) => {
    const loaded = context.loadedDeferredTools ?? new Set<string>();
    if (names.every((name) => loaded.has(name))) return context;
    return { ...context, loadedDeferredTools: new Set([...loaded, ...names]) };
  };
}
