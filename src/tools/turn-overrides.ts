import type { EffortLevel } from "../protocol/api.js";
import type { ToolUseContext } from "./context.js";

/** What one turn runs with instead of the session's: a skill's `model` and `effort`. */
export interface TurnOverrides {
  /** A full model id (aliases resolved by the caller). */
  model?: string;
  effort?: EffortLevel;
}

/** The turn's context with its overrides in place; the session's settings are untouched. */
export function withTurnOverrides(
  context: ToolUseContext,
  overrides: TurnOverrides,
): ToolUseContext {
  if (overrides.model === undefined && overrides.effort === undefined) return context;
  return {
    ...context,
    options: {
      ...context.options,
      ...(overrides.model === undefined
        ? {}
        : { mainLoopModel: overrides.model, modelPinned: true }),
      ...(overrides.effort === undefined ? {} : { effort: overrides.effort }),
    },
  };
}
