import { resolveModelAlias } from "../../model/catalog.js";
import type { EffortLevel } from "../../protocol/api.js";
import type { TurnOverrides } from "../../tools/turn-overrides.js";

/**
 * The model and effort a skill's or command's turn runs with: its `model` (an alias resolved,
 * `inherit` meaning the session's) and its `effort`; none when it sets neither.
 */
export function skillTurnOverrides(command: {
  model?: string;
  effort?: EffortLevel;
}): TurnOverrides {
  const model = command.model === "inherit" ? undefined : command.model;
  return {
    ...(model === undefined ? {} : { model: resolveModelAlias(model) }),
    ...(command.effort === undefined ? {} : { effort: command.effort }),
  };
}

/** True when the overrides change nothing. */
export function noOverrides(overrides: TurnOverrides): boolean {
  return overrides.model === undefined && overrides.effort === undefined;
}
