import { resolveModelAlias } from "../../model/catalog.js";
import type { EffortLevel } from "../../protocol/api.js";
import type { TurnOverrides } from "../../tools/turn-overrides.js";

/**
 * The model and effort a skill's or command's turn runs with: its `model` (an alias resolved,
 * `inherit` meaning the session's) and its `effort`; undefined when it sets neither.
 */
export function skillTurnOverrides(command: {
  model?: string;
  effort?: EffortLevel;
}): TurnOverrides | undefined {
  const model = command.model === "inherit" ? undefined : command.model;
  if (model === undefined && command.effort === undefined) return undefined;
  return {
    ...(model === undefined ? {} : { model: resolveModelAlias(model) }),
    ...(command.effort === undefined ? {} : { effort: command.effort }),
  };
}
