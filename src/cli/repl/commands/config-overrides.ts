import type { CliOptions } from "../../options.js";
import type { ConfigKey } from "./config-keys.js";

/** A value a flag or variable gives a /config setting, beating every settings file. */
interface ConfigOverride {
  value: string;
  /** The flag or variable, as /config names it in place of a file. */
  origin: string;
}

/** The /config settings a flag or variable decides for every session of this REPL. */
export type ConfigOverrides = Partial<Record<ConfigKey, ConfigOverride>>;

function first(
  candidates: ReadonlyArray<[origin: string, value: string | undefined]>,
): ConfigOverride | undefined {
  const found = candidates.find(([, value]) => value !== undefined && value !== "");
  return found?.[1] === undefined ? undefined : { origin: found[0], value: found[1] };
}

/**
 * What beats the settings files as keel reads them: `--model` and ANTHROPIC_MODEL the model,
 * `--effort` and CLAUDE_CODE_EFFORT_LEVEL the effort, the thinking flags and
 * MAX_THINKING_TOKENS thinking (so /config does not claim a saved value is in force).
 */
export function configOverrides(
  options: Pick<CliOptions, "model" | "effort" | "thinking" | "maxThinkingTokens">,
  env: Readonly<Record<string, string | undefined>>,
): ConfigOverrides {
  const model = first([
    ["--model", options.model],
    ["ANTHROPIC_MODEL", env.ANTHROPIC_MODEL],
  ]);
  const effortLevel = first([
    ["--effort", options.effort],
    ["CLAUDE_CODE_EFFORT_LEVEL", env.CLAUDE_CODE_EFFORT_LEVEL],
  ]);
  const thinking = first([
    ["--thinking", options.thinking],
    ["--max-thinking-tokens", options.maxThinkingTokens],
    ["MAX_THINKING_TOKENS", env.MAX_THINKING_TOKENS],
  ]);
  return {
    ...(model ? { model } : {}),
    ...(effortLevel ? { effortLevel } : {}),
    ...(thinking ? { alwaysThinkingEnabled: thinking } : {}),
  };
}
