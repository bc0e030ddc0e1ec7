import type { ToolUseContext } from "./context.js";

/** A tool's change to the shared context. */
export type ContextModifier = (context: ToolUseContext) => ToolUseContext;

/**
 * Applies a tool's context change. A change that throws is skipped (and the host told), so a
 * faulty tool cannot break the turn after its result was already reported.
 */
export function applyContextModifier(
  context: ToolUseContext,
  modifier: ContextModifier,
): ToolUseContext {
  try {
    return modifier(context);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.addNotification?.(`A tool's context change failed and was skipped: ${reason}`);
    return context;
  }
}
