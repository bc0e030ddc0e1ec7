import { EFFORT_LEVELS, type EffortLevel } from "../protocol/api.js";
import { UsageError } from "./usage-error.js";

/** Where the session's effort can come from, highest first after the flag. */
export interface EffortInputs {
  /** `--effort` (commander checked the value). */
  flag?: EffortLevel;
  env: Readonly<Record<string, string | undefined>>;
  /** The settings' `effortLevel` (settings loading checked it). */
  setting?: EffortLevel;
}

const isEffort = (value: string): value is EffortLevel =>
  (EFFORT_LEVELS as readonly string[]).includes(value);

/**
 * The effort requests ask for, as Claude Code picks it: `--effort`, else
 * CLAUDE_CODE_EFFORT_LEVEL (`auto` or `unset` there means the model's own default), else the
 * settings' `effortLevel`; undefined leaves the model's default.
 */
export function effortLevel(inputs: EffortInputs): EffortLevel | undefined {
  if (inputs.flag) return inputs.flag;
  const raw = inputs.env.CLAUDE_CODE_EFFORT_LEVEL?.trim();
  if (raw === undefined || raw === "") return inputs.setting;
  if (raw === "auto" || raw === "unset") return undefined;
  if (isEffort(raw)) return raw;
  throw new UsageError(
    `CLAUDE_CODE_EFFORT_LEVEL must be one of ${EFFORT_LEVELS.join(", ")} (or auto), got "${raw}"`,
  );
}
