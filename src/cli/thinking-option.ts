import type { ApiThinkingConfig } from "../protocol/api.js";
import { UsageError } from "./usage-error.js";

/** The thinking flags as given (`--thinking`, `--max-thinking-tokens`) and the environment. */
export interface ThinkingInputs {
  thinking?: string;
  maxThinkingTokens?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The settings' `alwaysThinkingEnabled`. */
  alwaysThinkingEnabled?: boolean;
}

function tokens(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new UsageError(
      `${name} must be a whole number of tokens (0 turns thinking off), got "${value}"`,
    );
  }
  return n;
}

/**
 * The thinking configuration requests carry, as Claude Code reads it: `--thinking
 * adaptive|enabled|disabled`, else `--max-thinking-tokens N` (0 = off), else
 * MAX_THINKING_TOKENS, else the settings' `alwaysThinkingEnabled` (true: on, false: off);
 * undefined leaves the model's default. The model layer sends it as each model takes it.
 */
export function thinkingConfig(inputs: ThinkingInputs): ApiThinkingConfig | undefined {
  const { thinking } = inputs;
  if (thinking !== undefined) {
    if (thinking === "adaptive" || thinking === "enabled") return { type: "adaptive" };
    if (thinking === "disabled") return { type: "disabled" };
    throw new UsageError(`--thinking must be adaptive, enabled or disabled, got "${thinking}"`);
  }
  const [name, raw] =
    inputs.maxThinkingTokens !== undefined
      ? ["--max-thinking-tokens", inputs.maxThinkingTokens]
      : ["MAX_THINKING_TOKENS", inputs.env.MAX_THINKING_TOKENS];
  if (raw === undefined || raw === "") return alwaysThinking(inputs.alwaysThinkingEnabled);
  const budget = tokens(name, raw);
  return budget === 0 ? { type: "disabled" } : { type: "enabled", budget_tokens: budget };
}

function alwaysThinking(enabled: boolean | undefined): ApiThinkingConfig | undefined {
  if (enabled === undefined) return undefined;
  return enabled ? { type: "adaptive" } : { type: "disabled" };
}
