import type { ValidationResult } from "../../tool.js";
import type { BashLimits } from "./limits.js";
import type { BashInput } from "./schema.js";

/** Checks what the schema cannot: the timeout ceiling, an empty command. */
export function checkBashInput(input: BashInput, limits: BashLimits): ValidationResult {
  if (input.timeout !== undefined && input.timeout > limits.maxTimeoutMs) {
    return {
      ok: false,
      message: `timeout ${input.timeout} ms is above the maximum of ${limits.maxTimeoutMs} ms`,
    };
  }
  if (input.command.trim() === "") return { ok: false, message: "command is empty" };
  return { ok: true };
}

/** The timeout a call runs with, in whole milliseconds. */
export function effectiveTimeoutMs(input: BashInput, limits: BashLimits): number {
  return Math.max(1, Math.floor(input.timeout ?? limits.defaultTimeoutMs));
}
